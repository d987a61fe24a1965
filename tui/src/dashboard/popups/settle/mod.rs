//! The settle picker (`s`): the proof files on disk, those for the market's own fixture, stat
//! and period first, each with what it proves for the market; Enter runs the settle action's
//! checks and sends its order, or shows its refusal.

mod draw;

use fulltime_client::proof_file::ProofFile;
use fulltime_client::settlement::state::{Market, SecondStat};
use ratatui::Frame;
use ratatui::layout::Rect;

use super::failure::FailurePopup;
use super::frame::centered;
use crate::actions::{self, SettleOrder};
use crate::dashboard::action::{Action, Command};
use crate::dashboard::component::{Ask, Context, Popup, movement};
use crate::dashboard::effect::Request;
use crate::dashboard::keys::Mode;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettlePicker {
    pub market: u64,
    /// Indices into the proof files found on disk, in the order shown.
    pub order: Vec<usize>,
    /// Index into `order`.
    pub selected: usize,
}

/// Whether the proof file is for the stat the market is about: fixture, stat key, period and the
/// second stat of a two-stat market.
pub fn fits(market: &Market, proof_file: &ProofFile) -> bool {
    let terms = &proof_file.market;
    terms.fixture_id == market.fixture_id
        && terms.stat_key == market.stat_key
        && terms.period == market.period
        && terms.second_stat.map(SecondStat::from) == market.second_stat
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
            order,
            selected: 0,
        }
    }

    pub fn move_by(&mut self, delta: i64) {
        let last = self.order.len().saturating_sub(1);
        let target = i64::try_from(self.selected)
            .unwrap_or(0)
            .saturating_add(delta)
            .clamp(0, i64::try_from(last).unwrap_or(0));
        self.selected = usize::try_from(target).unwrap_or(0);
    }

    pub fn chosen<'a>(&self, proof_files: &'a [ProofFile]) -> Option<&'a ProofFile> {
        proof_files.get(*self.order.get(self.selected)?)
    }
}

/// Opens the picker on the selected market, or says why not.
pub fn open(context: &Context) -> Ask {
    if let Some(problem) = context.wallet_problem() {
        return Ask::Notice(problem);
    }
    let Some(market) = context.selected_market() else {
        return Ask::Notice("Select a market first".to_owned());
    };
    if context.proof_files.is_empty() {
        return Ask::Notice(
            "No proof files found (run from the repository, or pass --proofs DIR)".into(),
        );
    }
    Ask::open(SettlePicker::new(market, context.proof_files))
}

impl Popup for SettlePicker {
    fn mode(&self) -> Mode {
        Mode::Picker
    }

    fn update(&mut self, context: &Context, action: Action) -> Vec<Ask> {
        match action {
            Action::Command(Command::Submit) => self.submit(context).into_iter().collect(),
            Action::Command(command) => {
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
    /// The chosen proof, checked at what the feed holds: its order, or its refusal.
    fn submit(&self, context: &Context) -> Option<Ask> {
        let proof_file = self.chosen(context.proof_files)?;
        let held = context.loaded()?.standing(self.market)?;
        if let Err(refusal) = actions::settle::check(proof_file, &held.market, held.now) {
            return Some(FailurePopup::refused("Settle", refusal));
        }
        let order = SettleOrder {
            market: self.market,
            proof_file: Box::new(proof_file.clone()),
            force: false,
        };
        Some(Ask::Send {
            what: format!(
                "Settle market {} with {}",
                self.market, order.proof_file.name
            ),
            request: Request::Settle {
                order,
                held: Box::new(held),
            },
        })
    }
}

#[cfg(test)]
mod tests;
