//! The crypto wallet (DESIGN §10): coins and networks, address rules, withdrawal amounts and
//! the states of its records. The browser and the server run the same rules.

pub mod address;
pub mod amounts;
pub mod coins;
pub mod records;

pub use address::{AddressCheck, AddressError, check_address, identify_network, looks_like};
pub use amounts::max_withdrawal;
pub use coins::{AddressFormat, Coin, Network};
pub use records::{CryptoWithdrawalStatus, DepositStatus, RecordType};
