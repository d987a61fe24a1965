# List the recipes
default:
    @just --list

# What `just dev` builds: the node, the faucet, the local TxLINE API, the dashboard and their supervisor.
stack_packages := "-p fulltime-localnet -p fulltime-faucet -p fulltime-txline-api -p fulltime-tui -p fulltime-stack --bin localnet --bin faucet --bin txline-api --bin fulltime --bin fulltime-stack"

# The local stack: node, faucet, local TxLINE API, and the dashboard on the node's funded wallet; q stops all of it. The chain is kept in the state dir and resumed; --reset starts a new one, --snapshot PATH|NAME starts from a snapshot, --bundle FILE opens a bundle. Flags: --rpc-port --ws-port --faucet-port --txline-port --state-dir (or FULLTIME_* variables) --reset --snapshot --bundle
dev *ARGS: build-stack
    cargo run --locked -q -p fulltime-stack --bin fulltime-stack -- dev {{ARGS}}

# Start node, faucet and local TxLINE API in the background, print the endpoints and return (same flags as dev)
up *ARGS: build-stack
    cargo run --locked -q -p fulltime-stack --bin fulltime-stack -- up {{ARGS}}

# Stop what `just up` or `just dev` started (--state-dir if it was not the default)
down *ARGS:
    cargo run --locked -q -p fulltime-stack --bin fulltime-stack -- down {{ARGS}}

# Build the stack's programs: localnet, faucet, txline-api, fulltime and their supervisor
build-stack:
    cargo build --locked {{stack_packages}}

# Run every test in the workspace (what CI runs after the checks)
test:
    cargo test --workspace --locked

# Format check, clippy with warnings denied, then every test
ci: fmt-check clippy test

# Check formatting without changing files
fmt-check:
    cargo fmt --all -- --check

# Lint every crate and target; any warning fails
clippy:
    cargo clippy --workspace --all-targets --locked -- -D warnings

# Regenerate the proof files and oracle roots of fixtures/generated/ from the match catalog fixtures/matches.toml
proofs:
    cargo run --locked -p fulltime-matches --bin proof-files

alias fixtures := proofs

# Fail if fixtures/generated/ differs from what fixtures/matches.toml generates (also a test of `just test`)
proofs-check:
    cargo run --locked -p fulltime-matches --bin proof-files -- --check

alias fixtures-check := proofs-check

# Every figure in one run: programs in process, localnet over JSON-RPC (and a kept chain and a snapshot of 1,000 markets, settling from a file and by record from the local TxLINE API, the shipped timelines as one suite beside one by one), faucet, the send path (transfers from 8 clients at once, pipelined deposits), dashboard with 10,000 markets (release), then just dev to a usable dashboard and just dev's first-run build (FULLTIME_BENCH_SKIP_COLD_BUILD=1 skips the latter)
bench:
    #!/usr/bin/env bash
    set -euo pipefail
    cargo build --release --locked -p fulltime-localnet -p fulltime-harness -p fulltime-faucet -p fulltime-txline-api -p fulltime-tui --bins
    cargo build --release --locked -p fulltime-tui --example dashboard-bench
    ./target/release/bench
    state_dir=$(mktemp -d)
    ./target/release/localnet --rpc-port 18999 --ws-port 19000 --state-dir "$state_dir" > "$state_dir/localnet.log" 2>&1 &
    node=$!
    cold=""
    cleanup() { kill $node 2>/dev/null || true; rm -rf "$state_dir" $cold; }
    trap cleanup EXIT
    until grep -q '^ready' "$state_dir/localnet.log"; do
        kill -0 $node 2>/dev/null || { cat "$state_dir/localnet.log"; exit 1; }
        sleep 0.2
    done
    ./target/release/faucet-bench --rpc-url localnet --state-dir "$state_dir" --mints 200
    ./target/release/send-bench --state-dir "$state_dir"
    ./target/release/examples/dashboard-bench --state-dir "$state_dir" --markets 10000
    kill $node 2>/dev/null || true
    just build-stack
    cargo build --locked -q -p fulltime-stack --example stack-bench
    ./target/debug/examples/stack-bench --runs 5
    if [ "${FULLTIME_BENCH_SKIP_COLD_BUILD:-}" != 1 ]; then
        cold=$(mktemp -d)
        started=$(date +%s)
        CARGO_TARGET_DIR="$cold" cargo build --locked -q {{stack_packages}}
        echo "just dev's first-run build (fresh target dir, crates already downloaded, $(nproc) cores): $(( $(date +%s) - started )) s"
    fi

# Start the local node with both programs (Ctrl-C stops it); flags pass through
localnet *ARGS:
    cargo run --locked -p fulltime-localnet --bin localnet -- {{ARGS}}

# Bootstrap a running node (mint, config, oracle roots, demo markets, funded wallet, env.json): solana-test-validator, devnet or `just localnet --no-bootstrap`; flags pass through, e.g. --url http://127.0.0.1:8899
bootstrap *ARGS:
    cargo run --locked -p fulltime-localnet --bin fulltime-bootstrap -- {{ARGS}}

# Run the `fulltime` command against --url (default localnet)
fulltime *ARGS:
    cargo run --locked -q -p fulltime-tui --bin fulltime -- {{ARGS}}

# Start the faucet (POST /api/faucet) against a running localnet; flags pass through
faucet *ARGS:
    cargo run --locked -p fulltime-faucet --bin faucet -- {{ARGS}}

# Start the local TxLINE API (the match catalog's fixtures, score records and proofs) on 127.0.0.1:8090, its credentials in the state dir's txline.toml; flags pass through, e.g. --port 9090 --state-dir /tmp/qa
txline-api *ARGS:
    cargo run --locked -p fulltime-txline-api --bin txline-api -- {{ARGS}}

# Random market lifecycles checked against a model of the contract, release build (default 10,000; report on stderr); flags pass through, e.g. --lifecycles 500 --seed 7
soak *ARGS:
    cargo run --release --locked -p fulltime-harness --bin soak -- {{ARGS}} > /dev/null

# Regenerate idl/ (the programs' Anchor IDL) through anchor-lang's idl-build feature, without the Anchor CLI
idl:
    cargo run --locked -q -p fulltime-idl --bin idl

# Fail if idl/ differs from what the programs generate (also a test of `just test`)
idl-check:
    cargo run --locked -q -p fulltime-idl --bin idl -- --check
