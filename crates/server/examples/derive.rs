//! `make bench` (wallet part): deposit addresses derived per second on each network, from the
//! sandbox account keys — one BIP-32 public child derivation and the address of the child key
//! (HASH160 and bech32 for Bitcoin; keccak-256 and EIP-55 or base58check for Ethereum and
//! TRON), as a new user's first deposit address costs.
//!
//! `cargo run --release -p server --example derive`

use std::hint::black_box;
use std::time::Instant;

use domain::wallet::Network;
use server::services::wallet::derive::{DepositKeys, deposit_address};

const BATCH: u32 = 2_000;
const SAMPLES: u32 = 11;

fn main() {
    let keys = DepositKeys::sandbox();
    for network in Network::ALL {
        let mut rates: Vec<f64> = (0..SAMPLES)
            .map(|sample| {
                let start = Instant::now();
                for i in 0..BATCH {
                    // A new index each time: nothing is reused between addresses.
                    black_box(deposit_address(&keys, network, sample * BATCH + i));
                }
                f64::from(BATCH) / start.elapsed().as_secs_f64()
            })
            .collect();
        rates.sort_by(f64::total_cmp);
        println!(
            "address derivation {:<4} {:>8.0} /s   (median of {SAMPLES} batches of {BATCH})",
            network.code(),
            rates[rates.len() / 2]
        );
    }
}
