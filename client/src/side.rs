//! The two sides of a market, YES and NO: the program's own type, which accounts store and which
//! every part above the instruction encoding speaks of. Its text (`YES`, `NO`, parsed from `yes`,
//! `no`, `1`, `0`) and JSON (`"yes"`, `"no"`) are defined beside it in the program crate, whose
//! `serde` feature this crate turns on.

pub use settlement::side::{NotASide, Side};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_reads_back_from_its_json() {
        for side in [Side::Yes, Side::No] {
            let json = serde_json::to_string(&side).expect("serializes");
            assert_eq!(serde_json::from_str::<Side>(&json).expect("parses"), side);
        }
        assert_eq!(serde_json::to_value(Side::No).expect("serializes"), "no");
        assert_eq!(serde_json::to_value(Side::Yes).expect("serializes"), "yes");
        assert!(serde_json::from_str::<Side>("\"maybe\"").is_err());
    }
}
