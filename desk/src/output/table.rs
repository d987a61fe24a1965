//! Text tables as `markets` and `wallet list` print them: a header and rows, each column as
//! wide as its widest cell, two spaces apart, no trailing spaces.

/// The table's lines, joined by newlines.
pub fn aligned<const COLUMNS: usize>(
    header: [&str; COLUMNS],
    rows: &[[String; COLUMNS]],
) -> String {
    let header = header.map(str::to_owned);
    let mut widths = [0; COLUMNS];
    for row in std::iter::once(&header).chain(rows) {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    std::iter::once(&header)
        .chain(rows)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .zip(widths)
                .map(|(cell, width)| format!("{cell:<width$}"))
                .collect();
            cells.join("  ").trim_end().to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_as_wide_as_their_widest_cell() {
        let rows = [
            ["1".to_owned(), "open".to_owned()],
            ["12".to_owned(), "".to_owned()],
        ];
        assert_eq!(aligned(["ID", "STATE"], &rows), "ID  STATE\n1   open\n12");
    }
}
