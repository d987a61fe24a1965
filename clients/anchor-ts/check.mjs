// A client nobody here wrote, driven by the committed IDL alone: Anchor's TypeScript client lists
// the settlement program's markets and config, creates a market, deposits on it, reads the totals
// and the position's side back, and has a deposit below the minimum refused as a named Anchor
// error, parsed from the transaction's logs.
//
//   node check.mjs <rpc-url> <ws-url> <wallet-keypair.json> <idl/settlement.json>
//
// Prints one JSON object on stdout (what the Rust test compares with `fulltime market`); any
// failed expectation exits non-zero with the reason on stderr.

import { readFileSync } from "node:fs";
import anchor from "@coral-xyz/anchor";
import { Connection, Keypair, PublicKey, SYSVAR_CLOCK_PUBKEY } from "@solana/web3.js";

const { AnchorError, AnchorProvider, BN, Program, Wallet } = anchor;
const TOKEN_PROGRAM = new PublicKey("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
const ASSOCIATED_TOKEN_PROGRAM = new PublicKey("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL");

function expect(holds, what) {
  if (!holds) {
    throw new Error(`expected ${what}`);
  }
}

const [rpcUrl, wsUrl, walletPath, idlPath] = process.argv.slice(2);
expect(rpcUrl && wsUrl && walletPath && idlPath, "arguments: <rpc-url> <ws-url> <wallet.json> <idl.json>");

const idl = JSON.parse(readFileSync(idlPath, "utf8"));
const secret = Uint8Array.from(JSON.parse(readFileSync(walletPath, "utf8")));
const wallet = new Wallet(Keypair.fromSecretKey(secret));
// Confirmations come by `signatureSubscribe` over the node's WebSocket.
const connection = new Connection(rpcUrl, { commitment: "confirmed", wsEndpoint: wsUrl });
const provider = new AnchorProvider(connection, wallet, { commitment: "confirmed" });
const program = new Program(idl, provider);

const pda = (...seeds) => PublicKey.findProgramAddressSync(seeds, program.programId)[0];
const u64 = (value) => new BN(value).toArrayLike(Buffer, "le", 8);

// Every market and the config, decoded from the IDL's account layouts.
const markets = await program.account.market.all();
expect(markets.length >= 1, "the demo markets");
const config = await program.account.config.fetch(pda(Buffer.from("config")));

// The cluster clock: Clock's unix_timestamp is its fifth 8-byte field.
const clock = await connection.getAccountInfo(SYSVAR_CLOCK_PUBKEY);
const now = clock.data.readBigInt64LE(32);

const id = config.marketCount;
const question = "Will the away side score more than 1 goal? (Anchor TS client)";
await program.methods
  .createMarket(
    question,
    new BN((now + 3600n).toString()),
    new BN(18502311),
    2,
    100,
    { threshold: 1, comparison: { greaterThan: {} } },
    new BN(600),
    null,
  )
  .accounts({ creator: wallet.publicKey, usdcMint: config.usdcMint })
  .rpc();

const market = pda(Buffer.from("market"), u64(id));
const created = await program.account.market.fetch(market);
expect(created.question === question, "the created market's question");
expect(created.id.eq(id), "the created market's id");
// The stored side decodes through the IDL's `Side` enum from the byte it always was: 0, NO, in a
// market not settled yet.
expect(!created.settled && "no" in created.outcome, "an unsettled market's outcome decoded as NO");

const depositorToken = PublicKey.findProgramAddressSync(
  [wallet.publicKey.toBuffer(), TOKEN_PROGRAM.toBuffer(), config.usdcMint.toBuffer()],
  ASSOCIATED_TOKEN_PROGRAM,
)[0];
const deposit = (amount) =>
  program.methods.deposit(1, new BN(amount)).accountsPartial({
    depositor: wallet.publicKey,
    market,
    vault: created.vault,
    depositorToken,
  });

const signature = await deposit(1_250_000).rpc();
const accepted = await connection.getTransaction(signature, {
  commitment: "confirmed",
  maxSupportedTransactionVersion: 0,
});
const acceptedLogs = accepted.meta.logMessages;
expect(
  acceptedLogs.includes("Program log: Instruction: Deposit"),
  `an Instruction: Deposit line in ${JSON.stringify(acceptedLogs)}`,
);
const totals = await program.account.market.fetch(market);
expect(totals.totalYes.eqn(1_250_000), "1.25 USDC on YES");
// The deposit's byte 1 is stored as the position's side and decodes as YES.
const position = await program.account.position.fetch(
  pda(Buffer.from("position"), market.toBuffer(), wallet.publicKey.toBuffer()),
);
expect("yes" in position.outcome && position.amount.eqn(1_250_000), "the position on YES");

// 0.05 USDC: refused in preflight, and Anchor's client names the error from the logs.
let refused;
try {
  await deposit(50_000).rpc();
} catch (error) {
  refused = error;
}
expect(refused instanceof AnchorError, `an AnchorError, got ${refused}`);
expect(refused.error.errorCode.code === "BelowMinimum", "BelowMinimum");
expect(refused.error.errorCode.number === 6004, "error number 6004");
expect(
  refused.logs.some((line) => line.startsWith("Program log: AnchorError ")),
  "the AnchorError line in the refusal's logs",
);

console.log(
  JSON.stringify({
    markets: markets.length,
    market_count: config.marketCount.toNumber(),
    created: id.toNumber(),
    total_yes: totals.totalYes.toNumber(),
    total_no: totals.totalNo.toNumber(),
    refused: {
      code: refused.error.errorCode.code,
      number: refused.error.errorCode.number,
      message: refused.error.errorMessage,
    },
  }),
);
