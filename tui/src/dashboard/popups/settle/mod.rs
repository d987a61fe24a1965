//! The settle picker (`s`): the market's fixture's score records from TxLINE's API (the
//! `game_finalised` one first), read when the picker opens, then the proof files on disk, those
//! proving the market's own fixture and stat(s) first, each with what it proves for the market;
//! Enter runs the settle action's checks and sends its order, or shows its refusal.

mod draw;

use fulltime_client::proof_file::ProofFile;
use fulltime_client::settlement::SettlementError;
use fulltime_client::settlement::state::Market;
use fulltime_client::txline::api::RecordPick;
use fulltime_client::txline::json::ScoreRecord;
use fulltime_client::txline_interface::time::FINAL_PERIOD;
use fulltime_client::validate::{check_settle, settlement_failure};
use ratatui::Frame;
use ratatui::layout::Rect;

use super::failure::FailurePopup;
use super::frame::centered;
use crate::dashboard::component::{Ask, Context, Popup, moved, movement};
use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Message, RecordsRead};
use crate::dashboard::remote::Remote;
use fulltime_desk::actions::{self, Order, RecordSettleOrder, Refusal, SettleOrder};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettlePicker {
    pub market: u64,
    /// The market's fixture, whose records are read.
    pub fixture_id: i64,
    /// Its score records from TxLINE's API, as read when the picker opened.
    pub records: Remote<RecordsRead>,
    /// Indices into the proof files found on disk, in the order shown.
    pub order: Vec<usize>,
    /// Index into the rows: the records, then the proof files.
    pub selected: usize,
}

/// One row of the picker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// Index into the records read.
    Record(usize),
    /// Index into the proof files found on disk.
    File(usize),
}

/// Whether the proof file proves what the market is about: its fixture, its stat key and the
/// second stat of a two-stat market.
pub fn fits(market: &Market, proof_file: &ProofFile) -> bool {
    let proof = &proof_file.proof;
    proof.fixture_summary.fixture_id == market.fixture_id
        && proof.stat_keys()
            == (
                market.stat_key,
                market.second_stat.map(|second| second.stat_key),
            )
}

/// The records in the order shown: the `game_finalised` ones first (the latest first), then the
/// rest, newest first.
pub fn record_order(records: &[ScoreRecord]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..records.len()).collect();
    order.sort_by_key(|&index| {
        let record = &records[index];
        (!record.is_finalised(), std::cmp::Reverse(record.seq))
    });
    order
}

impl SettlePicker {
    pub fn new(market: &Market, proof_files: &[ProofFile]) -> Self {
        let mut order: Vec<usize> = (0..proof_files.len()).collect();
        order.sort_by_key(|&index| {
            let proof_file = &proof_files[index];
            (!fits(market, proof_file), proof_file.name.clone())
        });
        Self {
            market: market.id,
            fixture_id: market.fixture_id,
            records: Remote::Loading,
            order,
            selected: 0,
        }
    }

    /// Every row, in the order shown.
    pub fn rows(&self) -> Vec<Row> {
        let records = self
            .records
            .loaded()
            .map(|read| record_order(&read.records))
            .unwrap_or_default();
        records
            .into_iter()
            .map(Row::Record)
            .chain(self.order.iter().copied().map(Row::File))
            .collect()
    }

    pub fn move_by(&mut self, delta: i64) {
        self.selected = moved(self.selected, delta, self.rows().len());
    }

    pub fn chosen<'a>(&self, proof_files: &'a [ProofFile]) -> Option<&'a ProofFile> {
        match self.rows().get(self.selected)? {
            Row::File(index) => proof_files.get(*index),
            Row::Record(_) => None,
        }
    }

    /// The record chosen, as the settle names it: `Finalised` for the latest `game_finalised`
    /// record (the first row), its sequence for any other.
    fn chosen_record(&self) -> Option<(&ScoreRecord, RecordPick)> {
        let Row::Record(index) = *self.rows().get(self.selected)? else {
            return None;
        };
        let records = &self.records.loaded()?.records;
        let record = records.get(index)?;
        let latest_final = record.is_finalised() && record_order(records).first() == Some(&index);
        let pick = if latest_final {
            RecordPick::Finalised
        } else {
            RecordPick::Seq(record.seq)
        };
        Some((record, pick))
    }
}

/// Opens the picker on the selected market and asks for its fixture's records, or says why not.
pub fn open(context: &Context) -> Vec<Ask> {
    let Some(market) = context.selected_market() else {
        return vec![Ask::Notice("Select a market first".to_owned())];
    };
    vec![
        Ask::open(SettlePicker::new(market, context.proof_files)),
        Ask::Run(Effect::LoadRecords(market.fixture_id)),
    ]
}

impl Popup for SettlePicker {
    fn mode(&self) -> Mode {
        Mode::Picker
    }

    fn update(&mut self, context: &Context, message: Message) -> Vec<Ask> {
        match message {
            Message::Records { fixture_id, read } if fixture_id == self.fixture_id => {
                // Unmoved, the selection lands on the first record: settling by record is the
                // path devnet takes. Moved, it stays on the row chosen, now further down.
                let was = self.rows().get(self.selected).copied();
                self.records = match read {
                    Ok(read) => Remote::Loaded(read),
                    Err(reason) => Remote::Failed(reason),
                };
                if let Some(was) = was.filter(|_| self.selected > 0) {
                    self.selected = self.rows().iter().position(|row| *row == was).unwrap_or(0);
                }
                Vec::new()
            }
            Message::Command(Command::Submit) => self.submit(context).into_iter().collect(),
            Message::Command(command) => {
                if let Some(delta) = movement(command) {
                    self.move_by(delta);
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame, area: Rect) {
        draw::draw(context, self, frame, centered(area, 76, 18));
    }
}

impl SettlePicker {
    /// The chosen record or proof, checked at what the feed holds: its order, or its refusal.
    fn submit(&self, context: &Context) -> Option<Ask> {
        let held = context.loaded()?.standing(self.market)?;
        if let Some((record, pick)) = self.chosen_record() {
            if let Err(failure) = check_settle(&held.market, held.now) {
                let refusal = Refusal::waiting(failure, &held.market, held.now);
                return Some(FailurePopup::refused("Settle", refusal));
            }
            // A record in play carries running values: never final, as the program would say.
            if record.period.is_some_and(|period| period != FINAL_PERIOD) {
                let refusal = Refusal::from(settlement_failure(SettlementError::ValueNotFinal));
                return Some(FailurePopup::refused("Settle", refusal));
            }
            let order = RecordSettleOrder {
                market: self.market,
                pick,
                stated: None,
                force: false,
            };
            return Some(Ask::Send {
                what: format!(
                    "Settle market {} from TxLINE's record {}",
                    self.market, record.seq
                ),
                request: Request::held(Order::SettleByRecord(order), held),
            });
        }
        let proof_file = self.chosen(context.proof_files)?;
        if let Err(refusal) = actions::settle::check(proof_file, &held.market, held.now) {
            return Some(FailurePopup::refused("Settle", refusal));
        }
        let order = SettleOrder {
            market: self.market,
            proof_file: Box::new(proof_file.clone()),
            stated: None,
            force: false,
        };
        Some(Ask::Send {
            what: format!(
                "Settle market {} with {}",
                self.market, order.proof_file.name
            ),
            request: Request::held(Order::Settle(order), held),
        })
    }
}

#[cfg(test)]
mod tests;
