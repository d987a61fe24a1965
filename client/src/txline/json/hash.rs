//! A 32-byte hash as TxLINE's API writes it: base64 text, `0x` hex text or an array of bytes, each
//! checked to be exactly 32 bytes. Fulltime writes `0x` hex, which every reader of the API takes.

use base64::Engine;
use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use txline_interface::proof::Hash32;

use super::ShapeError;

/// A hash as it arrived, decoded into bytes by [`JsonHash::decode`] with its field's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonHash {
    Text(String),
    Bytes(Vec<u64>),
}

impl JsonHash {
    pub fn encode(hash: &Hash32) -> Self {
        Self::Text(format!("0x{}", hex::encode(hash)))
    }

    /// The 32 bytes, or why not, naming `field`.
    pub fn decode(&self, field: &str) -> Result<Hash32, ShapeError> {
        let bytes = match self {
            Self::Text(text) => match text.strip_prefix("0x") {
                Some(hex_digits) => {
                    hex::decode(hex_digits).map_err(|error| ShapeError::BadHash {
                        field: field.to_owned(),
                        problem: format!("not hex after 0x: {error}"),
                    })?
                }
                None => STANDARD
                    .decode(text)
                    .or_else(|_| STANDARD_NO_PAD.decode(text))
                    .map_err(|error| ShapeError::BadHash {
                        field: field.to_owned(),
                        problem: format!("neither 0x hex nor base64: {error}"),
                    })?,
            },
            Self::Bytes(values) => values
                .iter()
                .map(|&value| u8::try_from(value))
                .collect::<Result<Vec<u8>, _>>()
                .map_err(|_| ShapeError::BadHash {
                    field: field.to_owned(),
                    problem: "an array with a number above 255".to_owned(),
                })?,
        };
        let length = bytes.len();
        bytes.try_into().map_err(|_| ShapeError::BadHash {
            field: field.to_owned(),
            problem: format!("{length} bytes long; a hash is 32 bytes"),
        })
    }
}

impl Serialize for JsonHash {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Text(text) => serializer.serialize_str(text),
            Self::Bytes(values) => values.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for JsonHash {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either {
            Text(String),
            Bytes(Vec<u64>),
        }
        Ok(
            match Either::deserialize(deserializer).map_err(|_| {
                serde::de::Error::custom(
                    "a hash must be base64 text, 0x hex text or an array of bytes",
                )
            })? {
                Either::Text(text) => Self::Text(text),
                Either::Bytes(values) => Self::Bytes(values),
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HASH: Hash32 = [
        0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e,
        0x0f, 0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87, 0x78, 0x69, 0x5a, 0x4b, 0x3c, 0x2d,
        0x1e, 0xff,
    ];

    fn read(json: &str) -> Result<Hash32, ShapeError> {
        serde_json::from_str::<JsonHash>(json)
            .expect("a hash's JSON")
            .decode("eventStatRoot")
    }

    #[test]
    fn the_three_published_forms_read_the_same_bytes() {
        let hex_text = format!("\"0x{}\"", hex::encode(HASH));
        let base64_text = format!("\"{}\"", STANDARD.encode(HASH));
        let array = serde_json::to_string(&HASH.to_vec()).expect("array");
        for json in [hex_text, base64_text, array] {
            assert_eq!(read(&json).expect(&json), HASH, "{json}");
        }
    }

    #[test]
    fn fulltime_writes_0x_hex_and_reads_it_back() {
        let written = serde_json::to_string(&JsonHash::encode(&HASH)).expect("serializes");
        assert!(written.starts_with("\"0x0001"), "{written}");
        assert_eq!(read(&written).expect("reads back"), HASH);
    }

    #[test]
    fn a_hash_of_31_or_33_bytes_is_refused_by_its_field() {
        for bytes in [31, 33] {
            let json = format!("\"0x{}\"", "ab".repeat(bytes));
            let error = read(&json).expect_err("wrong length").to_string();
            assert_eq!(
                error,
                format!("eventStatRoot: {bytes} bytes long; a hash is 32 bytes")
            );
            let base64_text = format!("\"{}\"", STANDARD.encode(vec![7u8; bytes]));
            assert!(read(&base64_text).is_err(), "{bytes} bytes of base64");
            let array = serde_json::to_string(&vec![7u8; bytes]).expect("array");
            assert!(read(&array).is_err(), "{bytes} bytes in an array");
        }
    }

    #[test]
    fn text_that_is_neither_form_is_refused() {
        let error = read("\"0xzz\"").expect_err("bad hex").to_string();
        assert!(
            error.starts_with("eventStatRoot: not hex after 0x"),
            "{error}"
        );
        let error = read("\"not base64!\"").expect_err("bad base64").to_string();
        assert!(error.contains("neither 0x hex nor base64"), "{error}");
        let error = read("[256]").expect_err("not a byte").to_string();
        assert!(error.contains("above 255"), "{error}");
        assert!(serde_json::from_str::<JsonHash>("{}").is_err());
        assert!(serde_json::from_str::<JsonHash>("12").is_err());
    }
}
