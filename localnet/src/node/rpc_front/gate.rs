//! The methods a call may not use (`method_rules`), and the accounts no cheat code writes
//! without `--unsafe-cheatcodes`: the ones the Fulltime programs' trust rests on. Their params
//! are read as surfpool reads them (`surfpool::params`); params the front cannot read are
//! refused, never passed on.

use std::str::FromStr;

use anchor_lang::prelude::Pubkey;
use fulltime_client::pda;
use fulltime_files::snapshot::node_written;
use serde::de::DeserializeOwned;
use serde_json::Value;
use solana_account::Account;

use crate::node::method_rules::{self, MethodRule, UNSAFE_FLAG};
use crate::node::surfpool::{AccountWrite, ChainView, ResetOptions};

/// A Token-2022 account's type byte, after the 165 bytes of a token account's base layout.
const TOKEN_2022_ACCOUNT_TYPE: usize = 165;
const TOKEN_2022_MINT: u8 = 1;
/// An SPL Token mint's length.
const MINT_LEN: usize = 82;

/// Why a call was refused: a JSON-RPC error's code and message.
#[derive(Debug, PartialEq, Eq)]
pub struct Refused {
    pub code: i64,
    pub message: String,
}

/// JSON-RPC 2.0's "invalid request": what surfpool answers for a cheat code it has disabled.
pub const INVALID_REQUEST: i64 = -32600;
/// JSON-RPC 2.0's "invalid params".
pub const INVALID_PARAMS: i64 = -32602;

/// What the front lets through.
#[derive(Clone, Copy, Debug)]
pub struct Gate {
    pub unsafe_cheatcodes: bool,
}

/// What a call needs looked at in the chain before it may run.
#[derive(Debug, PartialEq, Eq)]
pub enum Writes {
    /// Nothing: it may run.
    Nothing,
    /// The account at this address (`surfnet_setAccount`, `surfnet_resetAccount`), and, when
    /// `owned` is set, every account it owns.
    Account { address: Pubkey, owned: bool },
}

impl Gate {
    /// Whether `method` may run with `params`, as far as the call alone tells; an account it
    /// writes is then looked at by [`Self::check_account`].
    pub fn check_call(&self, method: &str, params: Option<&Value>) -> Result<Writes, Refused> {
        if let Some(message) = method_rules::refusal(method, self.unsafe_cheatcodes) {
            return Err(Refused {
                code: INVALID_REQUEST,
                message,
            });
        }
        if self.unsafe_cheatcodes {
            return Ok(Writes::Nothing);
        }
        match method_rules::rule_of(method) {
            MethodRule::UnlessProtectedAccount if method == "surfnet_setAccount" => {
                let (address, update): (String, AccountWrite) = read_params(method, params)?;
                let address = read_address(method, &address)?;
                if update.executable == Some(true) {
                    return Err(protected(method, &address, "it would make it a program"));
                }
                if let Some(owner) = &update.owner {
                    let owner = read_address(method, owner)?;
                    if let Some(what) = protected_owner(&owner) {
                        return Err(protected(
                            method,
                            &address,
                            &format!("it would give it to {what}"),
                        ));
                    }
                }
                Ok(Writes::Account {
                    address,
                    owned: false,
                })
            }
            MethodRule::UnlessProtectedAccount => {
                let (address, config): (String, Option<ResetOptions>) =
                    read_params(method, params)?;
                Ok(Writes::Account {
                    address: read_address(method, &address)?,
                    owned: config
                        .and_then(|config| config.include_owned_accounts)
                        .unwrap_or(false),
                })
            }
            MethodRule::TokenProgramsOnly => {
                let token_program = params
                    .and_then(|params| params.get(3))
                    .filter(|program| !program.is_null());
                let Some(token_program) = token_program else {
                    return Ok(Writes::Nothing);
                };
                let is_token_program = token_program
                    .as_str()
                    .and_then(|text| Pubkey::from_str(text).ok())
                    .is_some_and(|program| {
                        program == anchor_spl::token::ID || program == anchor_spl::token_2022::ID
                    });
                if is_token_program {
                    Ok(Writes::Nothing)
                } else {
                    Err(Refused {
                        code: INVALID_PARAMS,
                        message: format!(
                            "{method} with the token program {token_program} is refused: it \
                             writes an account owned by the program it names, and only SPL \
                             Token and Token-2022 are token programs; start localnet with \
                             {UNSAFE_FLAG} to allow it"
                        ),
                    })
                }
            }
            _ => Ok(Writes::Nothing),
        }
    }

    /// Whether `method` may write the account `writes` names, as `chain` holds it now.
    pub fn check_account(
        chain: &ChainView<'_>,
        method: &str,
        writes: &Writes,
    ) -> Result<(), Refused> {
        let Writes::Account { address, owned } = writes else {
            return Ok(());
        };
        if let Some(what) = protected_address(address) {
            return Err(protected(method, address, what));
        }
        if let Ok(Some(account)) = chain.account(address)
            && let Some(what) = protected_account(&account)
        {
            return Err(protected(method, address, &what));
        }
        if *owned
            && let Some(what) = protected_owner(address).or_else(|| owner_of_protected(address))
        {
            return Err(protected(
                method,
                address,
                &format!("with includeOwnedAccounts it would reset every account of {what}"),
            ));
        }
        Ok(())
    }
}

/// The Fulltime programs, their program-data accounts and the settlement config (its admin).
fn protected_address(address: &Pubkey) -> Option<&'static str> {
    let programs = [settlement::ID, mock_oracle::ID, mock_oracle_mainnet::ID];
    if programs.contains(address) {
        return Some("a Fulltime program");
    }
    if programs
        .iter()
        .any(|program| pda::program_data_of(program) == *address)
    {
        return Some("a Fulltime program's program-data account (its code and upgrade authority)");
    }
    (*address == pda::config()).then_some("the settlement config (its admin and mint)")
}

/// Accounts of the kinds the node writes itself (programs, their loaders' accounts, sysvars,
/// feature gates), the mock oracle's (its roots), and token mints (their mint authority).
fn protected_account(account: &Account) -> Option<String> {
    if let Some(why) = node_written(&account.owner, account.executable) {
        return Some(format!("an account the node writes itself, {why}"));
    }
    if let Some(what) = protected_owner(&account.owner) {
        return Some(format!("an account of {what}"));
    }
    let token_program =
        account.owner == anchor_spl::token::ID || account.owner == anchor_spl::token_2022::ID;
    let mint = account.data.len() == MINT_LEN
        || account.data.get(TOKEN_2022_ACCOUNT_TYPE) == Some(&TOKEN_2022_MINT);
    (token_program && mint).then(|| "a token mint (its mint authority)".to_owned())
}

/// The owners whose accounts are protected, each with what it is.
fn protected_owner(owner: &Pubkey) -> Option<String> {
    if *owner == mock_oracle::ID || *owner == mock_oracle_mainnet::ID {
        return Some(format!("the mock oracle {owner} (its roots)"));
    }
    node_written(owner, false).map(|why| format!("the accounts {why}"))
}

/// Programs that own a protected account the node cannot list by owner: the token programs
/// (mints) and the settlement program (its config).
fn owner_of_protected(program: &Pubkey) -> Option<String> {
    let owns = *program == anchor_spl::token::ID
        || *program == anchor_spl::token_2022::ID
        || *program == settlement::ID;
    owns.then(|| format!("the program {program}, protected accounts among them"))
}

fn protected(method: &str, address: &Pubkey, what: &str) -> Refused {
    Refused {
        code: INVALID_PARAMS,
        message: format!(
            "{method} on {address} is refused: {what}; the Fulltime programs' trust rests on it. \
             Start localnet with {UNSAFE_FLAG} to allow it"
        ),
    }
}

/// `params` as surfpool's method reads them: an array of the method's arguments.
fn read_params<T: DeserializeOwned>(method: &str, params: Option<&Value>) -> Result<T, Refused> {
    let unreadable = |reason: String| Refused {
        code: INVALID_PARAMS,
        message: format!("{method}: the node cannot read its params ({reason}), so it refuses it"),
    };
    let params = params.ok_or_else(|| unreadable("there are none".into()))?;
    let mut arguments = params
        .as_array()
        .cloned()
        .ok_or_else(|| unreadable("`params` should be an array".into()))?;
    // surfpool's optional last argument may be left out.
    if arguments.len() == 1 {
        arguments.push(Value::Null);
    }
    serde_json::from_value(Value::Array(arguments)).map_err(|error| unreadable(error.to_string()))
}

fn read_address(method: &str, text: &str) -> Result<Pubkey, Refused> {
    Pubkey::from_str(text).map_err(|error| Refused {
        code: INVALID_PARAMS,
        message: format!("{method}: {text:?} is not an address ({error})"),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const SAFE: Gate = Gate {
        unsafe_cheatcodes: false,
    };
    const UNSAFE: Gate = Gate {
        unsafe_cheatcodes: true,
    };

    #[test]
    fn set_account_names_its_account_unless_it_makes_a_program_or_an_oracle_account() {
        let market = pda::market(0);
        assert_eq!(
            SAFE.check_call(
                "surfnet_setAccount",
                Some(&json!([market.to_string(), {"data": "00"}]))
            ),
            Ok(Writes::Account {
                address: market,
                owned: false
            })
        );
        for update in [
            json!({"executable": true}),
            json!({"owner": mock_oracle::ID.to_string()}),
            json!({"owner": "BPFLoaderUpgradeab1e11111111111111111111111"}),
            json!({"owner": "Sysvar1111111111111111111111111111111111111"}),
        ] {
            let refused = SAFE
                .check_call(
                    "surfnet_setAccount",
                    Some(&json!([market.to_string(), update])),
                )
                .unwrap_err();
            assert_eq!(refused.code, INVALID_PARAMS);
            assert!(refused.message.contains(UNSAFE_FLAG), "{}", refused.message);
        }
        assert_eq!(
            UNSAFE.check_call(
                "surfnet_setAccount",
                Some(&json!([market.to_string(), {"executable": true}]))
            ),
            Ok(Writes::Nothing)
        );
    }

    #[test]
    fn params_the_front_cannot_read_are_refused() {
        for params in [
            None,
            Some(json!({"pubkey": "x"})),
            Some(json!(["not an address", {}])),
            Some(json!([7, {}])),
            Some(json!([pda::market(0).to_string(), {"owner": "not an address"}])),
        ] {
            let refused = SAFE
                .check_call("surfnet_setAccount", params.as_ref())
                .unwrap_err();
            assert_eq!(refused.code, INVALID_PARAMS, "{params:?}");
        }
    }

    #[test]
    fn the_fulltime_programs_their_data_and_the_config_are_protected() {
        for address in [
            settlement::ID,
            mock_oracle::ID,
            mock_oracle_mainnet::ID,
            pda::program_data_of(&settlement::ID),
            pda::program_data_of(&mock_oracle_mainnet::ID),
            pda::config(),
        ] {
            assert!(protected_address(&address).is_some(), "{address}");
        }
        assert_eq!(protected_address(&pda::market(0)), None);
    }

    #[test]
    fn program_loader_sysvar_oracle_and_mint_accounts_are_protected() {
        let account = |owner: Pubkey, executable: bool, data: Vec<u8>| Account {
            lamports: 1,
            data,
            owner,
            executable,
            rent_epoch: 0,
        };
        let token_2022_mint = {
            let mut data = vec![0; 170];
            data[TOKEN_2022_ACCOUNT_TYPE] = TOKEN_2022_MINT;
            data
        };
        for protected in [
            account(Pubkey::new_unique(), true, vec![]),
            account(mock_oracle::ID, false, vec![1; 64]),
            account(mock_oracle_mainnet::ID, false, vec![1; 64]),
            account(
                Pubkey::from_str("Sysvar1111111111111111111111111111111111111").unwrap(),
                false,
                vec![0; 40],
            ),
            account(anchor_spl::token::ID, false, vec![0; MINT_LEN]),
            account(anchor_spl::token_2022::ID, false, token_2022_mint),
        ] {
            assert!(protected_account(&protected).is_some(), "{protected:?}");
        }
        for data in [
            account(settlement::ID, false, vec![0; 300]),
            account(anchor_spl::token::ID, false, vec![0; 165]),
            account(solana_system_program_id(), false, vec![]),
        ] {
            assert_eq!(protected_account(&data), None, "{data:?}");
        }
    }

    fn solana_system_program_id() -> Pubkey {
        anchor_lang::solana_program::system_program::ID
    }

    #[test]
    fn reset_account_with_owned_accounts_reads_its_config() {
        let program = Pubkey::new_unique();
        assert_eq!(
            SAFE.check_call(
                "surfnet_resetAccount",
                Some(&json!([program.to_string(), {"includeOwnedAccounts": true}]))
            ),
            Ok(Writes::Account {
                address: program,
                owned: true
            })
        );
        assert_eq!(
            SAFE.check_call("surfnet_resetAccount", Some(&json!([program.to_string()]))),
            Ok(Writes::Account {
                address: program,
                owned: false
            })
        );
    }

    #[test]
    fn set_token_account_takes_the_token_programs_only() {
        let params = |program: Value| {
            json!([
                Pubkey::new_unique().to_string(),
                Pubkey::new_unique().to_string(),
                {"amount": 5},
                program
            ])
        };
        for program in [
            Value::Null,
            json!(anchor_spl::token::ID.to_string()),
            json!(anchor_spl::token_2022::ID.to_string()),
        ] {
            assert_eq!(
                SAFE.check_call("surfnet_setTokenAccount", Some(&params(program))),
                Ok(Writes::Nothing)
            );
        }
        let refused = SAFE
            .check_call(
                "surfnet_setTokenAccount",
                Some(&params(json!(mock_oracle::ID.to_string()))),
            )
            .unwrap_err();
        assert!(
            refused.message.contains("only SPL Token and Token-2022"),
            "{}",
            refused.message
        );
    }

    #[test]
    fn a_refused_method_is_refused_before_its_params_are_read() {
        let refused = SAFE.check_call("surfnet_writeProgram", None).unwrap_err();
        assert_eq!(refused.code, INVALID_REQUEST);
        assert_eq!(
            UNSAFE.check_call("surfnet_writeProgram", None),
            Ok(Writes::Nothing)
        );
        assert!(UNSAFE.check_call("exit", None).is_err());
    }
}
