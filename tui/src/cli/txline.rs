//! `txline login`, `txline fixtures`, `txline scores` and `proof fetch`: TxLINE's API, read.

use std::path::Path;

use fulltime_client::proof_file::ProofFile;
use fulltime_client::txline::api::{Credentials, CredentialsFile, RecordPick};
use fulltime_files::whole_file::{Existing, write_whole};

use crate::args::{ProofFetchArgs, TxlineLoginArgs, TxlineScoresArgs};
use fulltime_desk::error::Error;
use fulltime_desk::output::catalog::fixture_match;
use fulltime_desk::output::txline::{FetchedProof, TxlineFixtures, TxlineLogin, TxlineScores};
use fulltime_desk::session::Session;

/// Where fetched proof files go unless `-o` says: beside the state directory's other files.
const FETCHED_PROOFS_DIR: &str = "proofs";

pub fn login(session: &Session, args: TxlineLoginArgs) -> Result<TxlineLogin, Error> {
    let base_url = session.txline_url()?;
    let state_dir = session.state_dir();
    let mut file = CredentialsFile::load(state_dir)?;
    file.set(
        &base_url,
        Credentials {
            jwt: args.jwt,
            api_token: args.api_token,
        },
    );
    std::fs::create_dir_all(state_dir).map_err(|error| Error::ProofFileUnwritten {
        path: state_dir.display().to_string(),
        reason: error.to_string(),
    })?;
    file.save(state_dir)?;
    Ok(TxlineLogin {
        base_url,
        file: CredentialsFile::path_in(state_dir).display().to_string(),
    })
}

pub async fn fixtures(session: &Session) -> Result<TxlineFixtures, Error> {
    let api = session.txline_api()?;
    let fixtures = api.fixtures().await?;
    Ok(TxlineFixtures::new(api.base_url(), &fixtures))
}

pub async fn scores(session: &Session, args: TxlineScoresArgs) -> Result<TxlineScores, Error> {
    let api = session.txline_api()?;
    let records = api.scores(args.fixture).await?;
    // The teams name the stats: from the API's fixtures, else the match catalog.
    let listed = api.fixture(args.fixture).await.ok();
    let (name, sides) = match (&listed, fixture_match(args.fixture)) {
        (Some(fixture), _) => (Some(fixture.name()), Some(fixture.sides())),
        (None, Some(known)) => (Some(known.name()), Some(known.sides())),
        (None, None) => (None, None),
    };
    Ok(TxlineScores::new(
        api.base_url(),
        args.fixture,
        name,
        sides,
        &records,
    ))
}

pub async fn fetch_proof(session: &Session, args: ProofFetchArgs) -> Result<FetchedProof, Error> {
    let (stat_key, stat_key2) = match args.stats[..] {
        [first] => (first, None),
        [first, second] => (first, Some(second)),
        _ => {
            return Err(Error::InvalidArguments(
                "give --stat once, or twice for a second stat of the same record".into(),
            ));
        }
    };
    let api = session.txline_api()?;
    let pick = args.seq.map_or(RecordPick::Finalised, RecordPick::Seq);
    let fetched = api
        .record_proof(args.fixture, pick, stat_key, stat_key2)
        .await?;
    let fixture = api.fixture(args.fixture).await.ok();
    let proof_file = ProofFile::fetched(&fetched, api.base_url(), fixture.as_ref());
    let path = args.output.unwrap_or_else(|| {
        session
            .state_dir()
            .join(FETCHED_PROOFS_DIR)
            .join(format!("{}.json", proof_file.name))
    });
    write_proof_file(&path, &proof_file)?;
    Ok(FetchedProof::new(&path.display().to_string(), &proof_file))
}

fn write_proof_file(path: &Path, proof_file: &ProofFile) -> Result<(), Error> {
    let unwritten = |reason: String| Error::ProofFileUnwritten {
        path: path.display().to_string(),
        reason,
    };
    if let Some(folder) = path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
    {
        std::fs::create_dir_all(folder).map_err(|error| unwritten(error.to_string()))?;
    }
    write_whole(path, proof_file.to_json().as_bytes(), Existing::Replace)
        .map_err(|error| unwritten(error.to_string()))
}
