//! Token amounts: `u64` base units until they are shown, parsed and formatted with integer math
//! only, so that `2.5` USDC is exactly 2_500_000 base units and never a rounded float.

use settlement::constants::USDC_DECIMALS;

const SOL_DECIMALS: u32 = 9;
/// Lamports in one SOL.
pub const LAMPORTS_PER_SOL: u64 = 10u64.pow(SOL_DECIMALS);

/// Text that is not an amount of USDC.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AmountError {
    #[error("no amount given; write USDC like 2.5")]
    Empty,
    #[error("`{0}` is negative; an amount is 0 or more")]
    Negative(String),
    #[error(
        "`{0}` is not an amount of USDC; write digits with an optional decimal point, like 2.5"
    )]
    NotANumber(String),
    #[error("`{text}` has {decimals} decimal places; USDC has at most {USDC_DECIMALS}")]
    TooManyDecimals { text: String, decimals: usize },
    #[error("`{0}` is more than the largest amount, {max}", max = format_usdc(u64::MAX))]
    Overflow(String),
}

/// Parses a decimal amount of USDC (`2.5`, `0.1`, `1`, `.5`) into base units.
pub fn parse_usdc(text: &str) -> Result<u64, AmountError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(AmountError::Empty);
    }
    if text.starts_with('-') {
        return Err(AmountError::Negative(text.to_owned()));
    }
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let all_digits = |part: &str| part.bytes().all(|byte| byte.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction) {
        return Err(AmountError::NotANumber(text.to_owned()));
    }
    let decimals = usize::from(USDC_DECIMALS);
    if fraction.len() > decimals {
        return Err(AmountError::TooManyDecimals {
            text: text.to_owned(),
            decimals: fraction.len(),
        });
    }
    let overflow = || AmountError::Overflow(text.to_owned());
    // Only digits are left, so a failed parse can only be a number too large for u64.
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| overflow())?
    };
    let fraction: u64 = format!("{fraction:0<decimals$}")
        .parse()
        .map_err(|_| overflow())?;
    whole
        .checked_mul(10u64.pow(u32::from(USDC_DECIMALS)))
        .and_then(|units| units.checked_add(fraction))
        .ok_or_else(overflow)
}

/// `2.5 USDC`: base units shown with trailing zeros trimmed, like the solana CLI.
pub fn format_usdc(amount: u64) -> String {
    format!("{} USDC", trimmed(amount, u32::from(USDC_DECIMALS)))
}

/// `1.5 SOL` from lamports.
pub fn format_sol(lamports: u64) -> String {
    format!("{} SOL", trimmed(lamports, SOL_DECIMALS))
}

fn trimmed(amount: u64, decimals: u32) -> String {
    let scale = 10u64.pow(decimals);
    let (whole, fraction) = (amount / scale, amount % scale);
    if fraction == 0 {
        return whole.to_string();
    }
    let digits = format!("{fraction:0width$}", width = decimals as usize);
    format!("{whole}.{}", digits.trim_end_matches('0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_decimal_usdc_into_base_units() {
        for (text, units) in [
            ("2.5", 2_500_000),
            ("0.1", 100_000),
            ("1", 1_000_000),
            ("0", 0),
            (".5", 500_000),
            ("3.", 3_000_000),
            ("0.000001", 1),
            (" 7.25 ", 7_250_000),
            ("007", 7_000_000),
            ("18446744073709.551615", u64::MAX),
        ] {
            assert_eq!(parse_usdc(text), Ok(units), "{text}");
        }
    }

    #[test]
    fn each_kind_of_bad_amount_has_its_own_error() {
        assert_eq!(parse_usdc(""), Err(AmountError::Empty));
        assert_eq!(parse_usdc("  "), Err(AmountError::Empty));
        assert_eq!(parse_usdc("-1"), Err(AmountError::Negative("-1".into())));
        for text in ["abc", "1.2.3", "1,5", "+1", "1e6", ".", "2.5 USDC", "١"] {
            assert_eq!(
                parse_usdc(text),
                Err(AmountError::NotANumber(text.into())),
                "{text}"
            );
        }
        assert_eq!(
            parse_usdc("1.1234567"),
            Err(AmountError::TooManyDecimals {
                text: "1.1234567".into(),
                decimals: 7
            })
        );
        for text in [
            "18446744073709.551616",
            "99999999999999999999",
            "18446744073710",
        ] {
            assert_eq!(
                parse_usdc(text),
                Err(AmountError::Overflow(text.into())),
                "{text}"
            );
        }
    }

    #[test]
    fn error_messages_say_what_to_write() {
        assert_eq!(
            parse_usdc("-2").unwrap_err().to_string(),
            "`-2` is negative; an amount is 0 or more"
        );
        assert_eq!(
            parse_usdc("two").unwrap_err().to_string(),
            "`two` is not an amount of USDC; write digits with an optional decimal point, like 2.5"
        );
        assert_eq!(
            parse_usdc("0.0000001").unwrap_err().to_string(),
            "`0.0000001` has 7 decimal places; USDC has at most 6"
        );
        assert_eq!(
            parse_usdc("99999999999999999999").unwrap_err().to_string(),
            "`99999999999999999999` is more than the largest amount, 18446744073709.551615 USDC"
        );
        assert_eq!(
            parse_usdc("").unwrap_err().to_string(),
            "no amount given; write USDC like 2.5"
        );
    }

    #[test]
    fn formats_with_trailing_zeros_trimmed() {
        for (units, text) in [
            (2_500_000, "2.5 USDC"),
            (0, "0 USDC"),
            (1_000_000, "1 USDC"),
            (100_000, "0.1 USDC"),
            (1, "0.000001 USDC"),
            (4_343_283, "4.343283 USDC"),
            (10_000_000_000, "10000 USDC"),
            (u64::MAX, "18446744073709.551615 USDC"),
        ] {
            assert_eq!(format_usdc(units), text, "{units}");
        }
    }

    #[test]
    fn formats_lamports_as_sol() {
        assert_eq!(format_sol(1_500_000_000), "1.5 SOL");
        assert_eq!(format_sol(0), "0 SOL");
        assert_eq!(format_sol(5_000), "0.000005 SOL");
        assert_eq!(format_sol(10_000_000_000), "10 SOL");
    }

    #[test]
    fn formatting_and_parsing_round_trip() {
        for units in [1, 99_999, 100_000, 2_500_000, 123_456_789, u64::MAX] {
            let text = format_usdc(units);
            let number = text.strip_suffix(" USDC").expect("unit");
            assert_eq!(parse_usdc(number), Ok(units));
        }
    }
}
