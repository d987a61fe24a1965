//! The timeline pane (`T`), in place of the market list while shown: the timeline set up on the
//! node, its steps with the current one marked and each expectation held or NOT HELD as it was
//! checked, and a header line (the timeline, the step, the invariants, a branch). Space runs the
//! next step, `b` steps back to before the current one (its checkpoint), Enter runs every step
//! up to the selected one; the work runs in the runner's tasks (`tasks/timeline.rs`) as a
//! request, said on the pane's status line rather than in a popup. Anything done by hand while
//! a timeline is set up is a branch from its current step; stepping back drops it, asking first.

mod draw;
mod status;

pub use draw::{Words, header_spans};
pub use status::Outcome;

use ratatui::Frame;
use ratatui::layout::Rect;

use crate::dashboard::activity::Activity;
use crate::dashboard::component::{Ask, Context, Pane, moved, movement};
use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Message};
use crate::dashboard::timeline_news::{InvariantsState, StepHeading, TimelineNews, TimelineOrder};
use fulltime_desk::output::timeline::{StepRun, TimelineFailure};

#[derive(Clone, Debug, Default)]
pub struct TimelinePane {
    /// Shown in place of the market list.
    pub shown: bool,
    /// The timeline set up on the node, once one is.
    pub desk: Option<Desk>,
    /// How the pane's last request went, as its status line says.
    pub outcome: Option<Outcome>,
}

/// A timeline set up on the node, as far as it has run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Desk {
    /// `pro-rata-payouts`, or `the bundle's timeline`.
    pub name: String,
    pub steps: Vec<StepView>,
    /// How many steps have run: the next one's index.
    pub next: usize,
    /// The step Enter runs up to.
    pub selected: usize,
    pub invariants: InvariantsState,
    /// Done by hand on top of the current step.
    pub branch: Option<Branch>,
    /// Steps played before the chain came here (a bundle's): shown as run, never run again.
    pub played_before: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepView {
    pub heading: StepHeading,
    /// What it did, once it ran.
    pub run: Option<StepRun>,
    /// Its first unexpected result.
    pub failure: Option<TimelineFailure>,
}

/// Hand actions on top of a step: what stepping back would drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The step it branches from; `None` before the first step.
    pub from: Option<usize>,
    /// How many requests done by hand it holds.
    pub actions: usize,
}

impl Desk {
    pub fn new(name: String, steps: Vec<StepHeading>) -> Self {
        Self {
            name,
            steps: steps
                .into_iter()
                .map(|heading| StepView {
                    heading,
                    run: None,
                    failure: None,
                })
                .collect(),
            next: 0,
            selected: 0,
            invariants: InvariantsState::Unread,
            branch: None,
            played_before: 0,
        }
    }

    /// The step run last, which stepping back undoes.
    pub fn current(&self) -> Option<usize> {
        self.next.checked_sub(1)
    }

    pub fn step_name(&self, index: Option<usize>) -> &str {
        index
            .and_then(|index| self.steps.get(index))
            .map_or("the start", |step| step.heading.name.as_str())
    }
}

impl Pane for TimelinePane {
    fn mode(&self) -> Mode {
        Mode::Timeline
    }

    /// A request of the pane's mode.
    fn update(&mut self, _context: &Context, message: Message) -> Vec<Ask> {
        let Message::Command(command) = message else {
            return Vec::new();
        };
        if matches!(command, Command::Back | Command::Timeline) {
            self.shown = false;
            return Vec::new();
        }
        let Some(desk) = &mut self.desk else {
            return Vec::new();
        };
        if let Some(delta) = movement(command) {
            desk.selected = moved(desk.selected, delta, desk.steps.len());
            return Vec::new();
        }
        let ask = match command {
            Command::NextStep if desk.next >= desk.steps.len() => {
                Ask::Notice("Every step has run; b steps back".to_owned())
            }
            Command::NextStep => send(
                format!("Timeline: step {}", desk.step_name(Some(desk.next))),
                TimelineOrder::Next,
            ),
            Command::RunTo if desk.selected < desk.next => Ask::Notice(format!(
                "Step {} has run; b steps back",
                desk.step_name(Some(desk.selected))
            )),
            Command::RunTo => send(
                format!(
                    "Timeline: run to step {}",
                    desk.step_name(Some(desk.selected))
                ),
                TimelineOrder::RunTo(desk.selected),
            ),
            Command::StepBack if desk.next == 0 => Ask::Notice("No step has run yet".to_owned()),
            // With a branch, the router asks first (`drop_branch`).
            Command::StepBack => step_back(desk),
            _ => return Vec::new(),
        };
        vec![ask]
    }

    fn draw(&self, context: &Context, frame: &mut Frame, area: Rect) {
        draw::draw(self, context, frame, area);
    }
}

impl TimelinePane {
    /// `T` in the list: the pane when a timeline is set up, else the picker (its `open`).
    pub fn show(&mut self) -> bool {
        if self.desk.is_some() {
            self.shown = true;
        }
        self.shown
    }

    /// `request` starts: a timeline's is said running on the status line. Whether the pane,
    /// shown, says its progress, so that no popup takes the keys meanwhile.
    pub fn started(&mut self, request: &Request) -> bool {
        if !matches!(request, Request::Timeline(_)) {
            return false;
        }
        self.outcome = Some(Outcome::Running);
        self.shown
    }

    /// `request` ended as `ended` says: a timeline's end goes on the status line, and the
    /// answer is whether it was a timeline's (whose success then opens no popup).
    pub fn ended(&mut self, request: &Request, ended: &Activity) -> bool {
        if !matches!(request, Request::Timeline(_)) {
            return false;
        }
        self.outcome = Some(Outcome::of(request, ended, self.desk.as_ref()));
        true
    }

    /// What the runner reports.
    pub fn apply(&mut self, news: TimelineNews) {
        if let TimelineNews::Opened {
            name,
            steps,
            played,
        } = news
        {
            let mut desk = Desk::new(name, steps);
            desk.next = played.min(desk.steps.len());
            desk.selected = desk.next.min(desk.steps.len().saturating_sub(1));
            desk.played_before = desk.next;
            self.desk = Some(desk);
            self.shown = true;
            return;
        }
        let Some(desk) = &mut self.desk else {
            return;
        };
        match news {
            TimelineNews::Opened { .. } => {}
            TimelineNews::Stepped {
                index,
                run,
                failure,
            } => {
                desk.invariants = if run.invariants_held {
                    InvariantsState::Held
                } else {
                    match &failure {
                        Some(failure) if failure.action.is_none() && all_held(&run) => {
                            InvariantsState::Broken(format!(
                                "{}: {}",
                                failure.expected, failure.happened
                            ))
                        }
                        _ => InvariantsState::NotRead(format!(
                            "not read: step {} stopped first",
                            run.name
                        )),
                    }
                };
                if let Some(step) = desk.steps.get_mut(index) {
                    step.run = Some(*run);
                    step.failure = failure.map(|failure| *failure);
                }
                desk.next = index.saturating_add(1).min(desk.steps.len());
                desk.selected = desk.next.min(desk.steps.len().saturating_sub(1));
            }
            TimelineNews::SteppedBack { next } => {
                desk.next = next.min(desk.steps.len());
                for step in desk.steps.iter_mut().skip(desk.next) {
                    step.run = None;
                    step.failure = None;
                }
                desk.branch = None;
                desk.selected = desk.next.min(desk.steps.len().saturating_sub(1));
                desk.invariants = match desk.current().and_then(|index| desk.steps.get(index)) {
                    Some(StepView { run: Some(run), .. }) if run.invariants_held => {
                        InvariantsState::Held
                    }
                    _ => InvariantsState::Unread,
                };
            }
            TimelineNews::Checked(state) => desk.invariants = state,
        }
    }

    /// A request done by hand went through: while a timeline is set up, it is (or adds to) a
    /// branch from the current step, and the invariants are read again. The recorder's hook:
    /// `request` is what was done.
    pub fn done_by_hand(&mut self, request: &Request) -> Option<Effect> {
        let desk = self.desk.as_mut()?;
        if !request.by_hand() {
            return None;
        }
        let from = desk.current();
        let branch = desk.branch.get_or_insert(Branch { from, actions: 0 });
        branch.actions = branch.actions.saturating_add(1);
        Some(Effect::CheckTimeline)
    }
}

/// Back to before the current step, dropping a branch (its confirmation's Enter).
pub fn step_back(desk: &Desk) -> Ask {
    send(
        format!(
            "Timeline: back to before step {}",
            desk.step_name(desk.current())
        ),
        TimelineOrder::Back,
    )
}

fn send(what: String, order: TimelineOrder) -> Ask {
    Ask::Send {
        what,
        request: Request::Timeline(order),
    }
}

fn all_held(run: &StepRun) -> bool {
    run.expectations.iter().all(|expectation| expectation.held)
}

#[cfg(test)]
mod stepping_tests;
#[cfg(test)]
mod tests;
