//! `fulltime`: the dashboard (no subcommand) and the scriptable command line of Fulltime
//! prediction markets — two faces side by side over one ground floor.
//!
//! The floor is the desk (`fulltime_desk`): the session, the actions, every failure with its
//! report, the values both faces read and the words and result types they show, and the timeline
//! engine. Here, `args/` parses the command line and nothing more; the faces, `cli/` and
//! `dashboard/`, import the floor and never each other; `timeline/` hosts `timeline run` for
//! `cli/`, and imports neither face (`tests/faces.rs` holds all three to it).
//! A face names the floor's modules by the desk's own paths (`fulltime_desk::actions`).
//!
//! The `fulltime` binary only calls [`main`]; `dashboard-bench` drives the [`dashboard`]'s
//! public parts in a [`Session`] of its own [`GlobalArgs`].

mod args;
mod cli;
pub mod dashboard;
mod timeline;

use std::process::ExitCode;

pub use args::GlobalArgs;
pub use fulltime_desk::session::Session;
/// The recorder of hand actions, public for the round trip test that drives it as the dashboard does.
pub use fulltime_desk::timeline::record;

/// The `fulltime` command: a subcommand's result, or the dashboard when there is none.
pub async fn main() -> ExitCode {
    let cli = args::Cli::from_command_line();
    let session = Session::new(cli.global);
    let Some(command) = cli.command else {
        return match dashboard::run(session, cli.dashboard).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("{error:?}");
                ExitCode::FAILURE
            }
        };
    };
    let format = session.output_format();
    cli::emit(cli::run(&session, command).await, format)
}
