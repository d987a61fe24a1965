//! Which of surfpool 1.6.1's methods the node serves to anyone, which only with
//! `--unsafe-cheatcodes`, and which never: the methods that change programs, authorities or the
//! node itself. One table for both fronts (the README's "The node's fronts" lists it with the
//! reasons); a method it does not name is served as surfpool serves it.

/// What a front does with a method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MethodRule {
    /// Served as surfpool serves it.
    Served,
    /// Not served by this node at all, whatever the flags; why.
    Never(&'static str),
    /// Served only with `--unsafe-cheatcodes`; what it changes.
    Unsafe(&'static str),
    /// Served unless the account it writes is one the Fulltime programs' trust rests on
    /// (`surfnet_setAccount`, `surfnet_resetAccount`: see `rpc_front::gate`).
    UnlessProtectedAccount,
    /// Served for the token programs only (`surfnet_setTokenAccount` writes an account owned by
    /// the program it names, whichever that is).
    TokenProgramsOnly,
}

/// The flag that serves the [`MethodRule::Unsafe`] methods and the protected accounts' writes.
pub const UNSAFE_FLAG: &str = "--unsafe-cheatcodes";

const PLUGINS: &str = "a geyser plugin is a shared library loaded into the node (code execution \
    for whoever names its config file), and surfpool's plugin manager gets no events on this \
    node (its commit feed takes them)";

/// The rule for `method`.
pub fn rule_of(method: &str) -> MethodRule {
    match method {
        "exit" => MethodRule::Never(
            "it stops surfpool's runloop under the node, which would go on serving a chain that \
             no longer moves; stop the node with Ctrl-C or SIGTERM, which keep its chain",
        ),
        "loadPlugin" | "reloadPlugin" | "unloadPlugin" | "listPlugins" => {
            MethodRule::Never(PLUGINS)
        }
        "surfnet_resetNetwork" => MethodRule::Never(
            "it rebuilds surfpool's runtime without the node's native programs; start a new \
             chain with `localnet --reset`",
        ),
        "surfnet_writeProgram" => MethodRule::Unsafe("it writes a program's code"),
        "surfnet_setProgramAuthority" => MethodRule::Unsafe(
            "it hands a program's upgrade authority to the caller (the mock oracle's would let \
             anyone post roots, which a snapshot never carries)",
        ),
        "surfnet_cloneProgramAccount" => MethodRule::Unsafe(
            "it copies a program over another address, a Fulltime program's included",
        ),
        "surfnet_registerScenario" => MethodRule::Unsafe(
            "it writes any account at later slots, programs and the oracle's roots included",
        ),
        "surfnet_enableCheatcode" | "surfnet_disableCheatcode" => MethodRule::Unsafe(
            "it switches surfpool's cheat codes on or off for every client (`fulltime warp` \
             needs surfnet_timeTravel)",
        ),
        "snapshotSubscribe" => MethodRule::Unsafe(
            "it has the node fetch any URL and write every account the answer holds, programs \
             included",
        ),
        "surfnet_setAccount" | "surfnet_resetAccount" => MethodRule::UnlessProtectedAccount,
        "surfnet_setTokenAccount" => MethodRule::TokenProgramsOnly,
        // Reads, the clock, and writes of what only tests read (supply figures, IDLs, the
        // offline and streamed marks of an offline node).
        "surfnet_timeTravel"
        | "surfnet_pauseClock"
        | "surfnet_resumeClock"
        | "surfnet_exportSnapshot"
        | "surfnet_getSurfnetInfo"
        | "surfnet_getLocalSignatures"
        | "surfnet_profileTransaction"
        | "surfnet_getProfileResultsByTag"
        | "surfnet_getTransactionProfile"
        | "surfnet_registerIdl"
        | "surfnet_getActiveIdl"
        | "surfnet_setSupply"
        | "surfnet_offlineAccount"
        | "surfnet_streamAccount"
        | "surfnet_streamAccounts"
        | "surfnet_getStreamedAccounts"
        | "surfnet_getConfidentialBalance"
        | "surfnet_deriveConfidentialKeys" => MethodRule::Served,
        // A cheat code of a later surfpool, until someone reads what it does.
        other if other.starts_with("surfnet_") => MethodRule::Unsafe(
            "it is a cheat code this node has not been told about (surfpool 1.6.1's are listed \
             in localnet's README)",
        ),
        _ => MethodRule::Served,
    }
}

/// Why `method` is refused (`None`: it is served, but for its own account checks), as a front
/// says it.
pub fn refusal(method: &str, unsafe_cheatcodes: bool) -> Option<String> {
    match rule_of(method) {
        MethodRule::Never(reason) => Some(format!("{method} is not served by localnet: {reason}")),
        MethodRule::Unsafe(reason) if !unsafe_cheatcodes => Some(format!(
            "{method} is refused: {reason}; start localnet with {UNSAFE_FLAG} to allow it"
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cheat code and admin method of surfpool-core 1.6.1 (`rpc/surfnet_cheatcodes.rs`,
    /// `rpc/admin.rs`), with what the node does with it.
    const SURFPOOL_METHODS: [(&str, &str); 34] = [
        ("surfnet_setAccount", "accounts"),
        ("surfnet_enableCheatcode", "unsafe"),
        ("surfnet_disableCheatcode", "unsafe"),
        ("surfnet_setTokenAccount", "token programs"),
        ("surfnet_cloneProgramAccount", "unsafe"),
        ("surfnet_profileTransaction", "served"),
        ("surfnet_getProfileResultsByTag", "served"),
        ("surfnet_setSupply", "served"),
        ("surfnet_setProgramAuthority", "unsafe"),
        ("surfnet_getTransactionProfile", "served"),
        ("surfnet_registerIdl", "served"),
        ("surfnet_getActiveIdl", "served"),
        ("surfnet_getLocalSignatures", "served"),
        ("surfnet_timeTravel", "served"),
        ("surfnet_pauseClock", "served"),
        ("surfnet_resumeClock", "served"),
        ("surfnet_resetAccount", "accounts"),
        ("surfnet_resetNetwork", "never"),
        ("surfnet_offlineAccount", "served"),
        ("surfnet_exportSnapshot", "served"),
        ("surfnet_streamAccount", "served"),
        ("surfnet_streamAccounts", "served"),
        ("surfnet_getStreamedAccounts", "served"),
        ("surfnet_getSurfnetInfo", "served"),
        ("surfnet_getConfidentialBalance", "served"),
        ("surfnet_deriveConfidentialKeys", "served"),
        ("surfnet_writeProgram", "unsafe"),
        ("surfnet_registerScenario", "unsafe"),
        ("exit", "never"),
        ("reloadPlugin", "never"),
        ("unloadPlugin", "never"),
        ("loadPlugin", "never"),
        ("listPlugins", "never"),
        ("startTime", "served"),
    ];

    #[test]
    fn every_surfpool_method_has_its_rule() {
        for (method, expected) in SURFPOOL_METHODS {
            let rule = match rule_of(method) {
                MethodRule::Served => "served",
                MethodRule::Never(_) => "never",
                MethodRule::Unsafe(_) => "unsafe",
                MethodRule::UnlessProtectedAccount => "accounts",
                MethodRule::TokenProgramsOnly => "token programs",
            };
            assert_eq!(rule, expected, "{method}");
        }
    }

    #[test]
    fn an_unknown_cheat_code_is_refused_until_read() {
        assert!(matches!(
            rule_of("surfnet_setEverything"),
            MethodRule::Unsafe(_)
        ));
        assert_eq!(rule_of("getSurfnetThing"), MethodRule::Served);
    }

    #[test]
    fn what_the_projects_tools_send_is_served() {
        for method in [
            "surfnet_timeTravel",
            "surfnet_exportSnapshot",
            "getSlot",
            "sendTransaction",
            "sendBundle",
            "requestAirdrop",
            "localnet_saveCheckpoint",
            "localnet_restoreCheckpoint",
        ] {
            assert_eq!(refusal(method, false), None, "{method}");
        }
    }

    #[test]
    fn a_refusal_names_the_method_and_the_flag_that_serves_it() {
        let refused = refusal("surfnet_writeProgram", false).expect("refused");
        assert!(
            refused.starts_with("surfnet_writeProgram is refused: "),
            "{refused}"
        );
        assert!(refused.contains(UNSAFE_FLAG), "{refused}");
        assert_eq!(refusal("surfnet_writeProgram", true), None);
        assert_eq!(refusal("snapshotSubscribe", true), None);
    }

    #[test]
    fn what_is_never_served_stays_refused_with_the_flag() {
        for method in ["exit", "loadPlugin", "unloadPlugin", "surfnet_resetNetwork"] {
            let refused = refusal(method, true).expect("refused");
            assert!(refused.contains("not served by localnet"), "{refused}");
            assert!(!refused.contains(UNSAFE_FLAG), "{refused}");
        }
    }
}
