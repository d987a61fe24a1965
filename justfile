# List the recipes
default:
    @just --list

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

# Regenerate fixtures/generated/ (proofs and oracle roots) from fixtures/matches.toml
fixtures:
    cargo run --locked -p fulltime-fixtures --bin fixtures

# Fail if fixtures/generated/ differs from what fixtures/matches.toml generates
fixtures-check:
    cargo run --locked -p fulltime-fixtures --bin fixtures -- --check

# Throughput and latency: in process, and over JSON-RPC against localnet (release build)
bench:
    cargo run --release --locked -p fulltime-localnet --bin bench

# Start the local node with both programs (Ctrl-C stops it); flags pass through
localnet *ARGS:
    cargo run --locked -p fulltime-localnet --bin localnet -- {{ARGS}}

# Run the `fulltime` command against --url (default localnet)
fulltime *ARGS:
    cargo run --locked -q -p fulltime-tui --bin fulltime -- {{ARGS}}
