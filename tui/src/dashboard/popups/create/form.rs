//! The create-market form's state: the terms typed as `fulltime create-market` takes them,
//! parsed by the same parsers and checked in the program's order as they are typed; or prefilled
//! from a proof case's market. Every market settles from the fixture's `game_finalised` record
//! (period 100), so the form has no period: a half is named by its stat key.

use fulltime_client::proof_file::{ProofComparison, ProofFile, ProofOp};
use fulltime_client::settlement::MarketTerms;
use fulltime_client::settlement::constants::MAX_QUESTION_CHARS;
use fulltime_client::txline_interface::time::FINAL_PERIOD;
use fulltime_client::validate::check_market_terms;

use crate::dashboard::text_field::{Takes, TextField};
use fulltime_desk::input::{DEFAULT_DISPUTE_WINDOW, When, parse_predicate, parse_span, parse_stat};

/// The form's fields, in order.
pub const FIELDS: [&str; 6] = [
    "Question",
    "Close",
    "Fixture",
    "Stat",
    "Predicate",
    "Dispute",
];

/// How each field is written, shown beside it.
pub const HINTS: [&str; 6] = [
    "",
    "+DURATION or RFC 3339",
    "fixture id",
    "TxLINE key: 1, 1001, or 1+2 / 1-2",
    "gt|lt|eq:N",
    "60s ..= 7days",
];

/// Close time of a market made from a proof file: soon, so that it can be settled after a warp.
const PROOF_CLOSE: &str = "+10m";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CreateForm {
    pub values: [TextField; 6],
    /// Index into `FIELDS`.
    pub focus: usize,
    /// The proof file the form was last filled from, as an index into the proof files found on
    /// disk.
    pub from_proof: Option<usize>,
}

/// The form's fields, each taking any character, filled in with `texts`.
fn fields(texts: [String; 6]) -> [TextField; 6] {
    texts.map(|text| TextField::with_text(Takes::Anything, text))
}

impl CreateForm {
    pub fn blank() -> Self {
        Self {
            values: fields([
                String::new(),
                "+1h".to_owned(),
                String::new(),
                "1".to_owned(),
                "gt:0".to_owned(),
                DEFAULT_DISPUTE_WINDOW.to_owned(),
            ]),
            focus: 0,
            from_proof: None,
        }
    }

    /// Every field from `proof_file`'s market, with a close time ten minutes ahead; a proof file
    /// without a market (a fetched proof) leaves the form as it is.
    pub fn fill_from(&mut self, index: usize, proof_file: &ProofFile) {
        let Some(market) = &proof_file.market else {
            return;
        };
        let stat = match market.second_stat {
            Some(second) => {
                let op = match second.op {
                    ProofOp::Add => '+',
                    ProofOp::Subtract => '-',
                };
                format!("{}{op}{}", market.stat_key, second.stat_key)
            }
            None => market.stat_key.to_string(),
        };
        let comparison = match market.predicate.comparison {
            ProofComparison::Gt => "gt",
            ProofComparison::Lt => "lt",
            ProofComparison::Eq => "eq",
        };
        self.values = fields([
            market.question.clone(),
            PROOF_CLOSE.to_owned(),
            market.fixture_id.to_string(),
            stat,
            format!("{comparison}:{}", market.predicate.threshold),
            DEFAULT_DISPUTE_WINDOW.to_owned(),
        ]);
        self.from_proof = Some(index);
    }

    pub fn move_focus(&mut self, delta: i64) {
        let count = i64::try_from(FIELDS.len()).unwrap_or(1);
        let focus = i64::try_from(self.focus).unwrap_or(0);
        self.focus = usize::try_from((focus + delta).rem_euclid(count)).unwrap_or(0);
    }

    pub fn type_char(&mut self, c: char) {
        if let Some(value) = self.values.get_mut(self.focus) {
            value.type_char(c);
        }
    }

    pub fn erase(&mut self) {
        if let Some(value) = self.values.get_mut(self.focus) {
            value.erase();
        }
    }

    /// `52/140`: the question's length in characters, as the program counts them.
    pub fn question_count(&self) -> String {
        format!("{}/{MAX_QUESTION_CHARS}", self.values[0].chars().count())
    }

    /// The terms at cluster time `now`, or the first fault: a field that does not parse, then
    /// the program's own checks in its order.
    pub fn terms(&self, now: i64) -> Result<MarketTerms, String> {
        let [question, close, fixture, stat, predicate, dispute] = &self.values;
        let field = |name: &str, error: &dyn std::fmt::Display| format!("{name}: {error}");
        let close_time = close
            .parse::<When>()
            .and_then(|when| when.resolve(now))
            .map_err(|error| field("Close", &error))?;
        let fixture_id = fixture
            .trim()
            .parse::<i64>()
            .map_err(|_| field("Fixture", &"a whole number, like 18502311"))?;
        let stat = parse_stat(stat).map_err(|error| field("Stat", &error))?;
        let predicate = parse_predicate(predicate).map_err(|error| field("Predicate", &error))?;
        let dispute_window = parse_span(dispute).map_err(|error| field("Dispute", &error))?;
        let terms = MarketTerms {
            question: question.to_string(),
            close_time,
            fixture_id,
            stat_key: stat.stat_key,
            period: FINAL_PERIOD,
            predicate,
            dispute_window,
            second_stat: stat.second_stat,
        };
        if question.trim().is_empty() {
            return Err("Question: type the question the market asks".to_owned());
        }
        check_market_terms(&terms, now)
            .map_err(|failure| format!("{}: {}", failure.name, failure.message))?;
        Ok(terms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fulltime_desk::samples::NOW;

    #[test]
    fn terms_parse_and_are_checked_like_the_program() {
        let mut form = CreateForm::blank();
        assert!(form.terms(NOW).is_err());
        form.values[0] = TextField::with_text(Takes::Anything, "Will it rain goals?");
        form.values[2] = TextField::with_text(Takes::Anything, "18502311");
        let terms = form.terms(NOW).expect("valid terms");
        assert_eq!(terms.close_time, NOW + 3_600);
        assert_eq!(terms.dispute_window, 3_600);
        form.values[0] = TextField::with_text(Takes::Anything, "x".repeat(141));
        assert_eq!(form.question_count(), "141/140");
        assert!(
            form.terms(NOW)
                .expect_err("too long")
                .starts_with("QuestionTooLong")
        );
        form.values[0] = TextField::with_text(Takes::Anything, "ok?");
        form.values[5] = TextField::with_text(Takes::Anything, "10s");
        assert!(
            form.terms(NOW)
                .expect_err("window")
                .starts_with("InvalidDisputeWindow")
        );
        form.values[3] = TextField::with_text(Takes::Anything, "1+");
        assert!(form.terms(NOW).expect_err("stat").starts_with("Stat: "));
        // A half is a key of TxLINE's encoding, settled from the game_finalised record.
        form.values[3] = TextField::with_text(Takes::Anything, "1001");
        form.values[5] = TextField::with_text(Takes::Anything, "1h");
        let terms = form.terms(NOW).expect("a first-half market");
        assert_eq!((terms.stat_key, terms.period), (1001, 100));
    }
}
