//! Checked against outside references: the BIP-173 and BIP-350 test vectors, the EIP-55
//! examples, and published addresses (Bitcoin's genesis coinbase, TRON's USDT contract). The
//! base58 and keccak results were also confirmed with Python's `base58` and `pycryptodome`.

use super::*;

const BTC: Network = Network::Btc;
const ETH: Network = Network::Eth;
const TRX: Network = Network::Trx;

fn hex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
        .collect()
}

/// BIP-350's valid segwit addresses (BIP-173's, with v1+ now bech32m) and their scriptPubKey.
const SEGWIT_VALID: [(&str, &str); 8] = [
    (
        "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
        "0014751e76e8199196d454941c45d1b3a323f1433bd6",
    ),
    (
        "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
        "00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262",
    ),
    (
        "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
        "5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6",
    ),
    ("BC1SW50QGDZ25J", "6002751e"),
    (
        "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs",
        "5210751e76e8199196d454941c45d1b3a323",
    ),
    (
        "tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy",
        "0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433",
    ),
    (
        "tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c",
        "5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433",
    ),
    (
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
        "512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
    ),
];

#[test]
fn bip350_valid_mainnet_addresses_are_accepted_in_lower_case_and_testnet_ones_refused() {
    for (address, script) in SEGWIT_VALID {
        let checked = check_address(BTC, address);
        if address.to_ascii_lowercase().starts_with("tb1") {
            assert_eq!(checked, Err(AddressError::Invalid), "{address}");
            continue;
        }
        assert_eq!(
            checked.as_deref(),
            Ok(address.to_ascii_lowercase().as_str()),
            "{address}"
        );
        // The scriptPubKey: OP_n (0x00, 0x51..0x60), the push of the program, the program.
        let (_, version, program) = segwit::decode(address).unwrap();
        let script = hex(script);
        let op = if version.to_u8() == 0 {
            0
        } else {
            0x50 + version.to_u8()
        };
        assert_eq!(script[0], op, "{address}");
        assert_eq!(usize::from(script[1]), program.len(), "{address}");
        assert_eq!(script[2..], program[..], "{address}");
    }
}

#[test]
fn bip173_and_bip350_invalid_addresses_are_refused() {
    let checksum = [
        // BIP-173: a changed character.
        "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5",
        // BIP-350: the other checksum of the two.
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",
        "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL",
        "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh",
    ];
    for address in checksum {
        assert_eq!(
            check_address(BTC, address),
            Err(AddressError::Checksum),
            "{address}"
        );
    }
    // Refused: their reason is a format error, or (for BIP-173's v1+ examples, which BIP-350
    // made bech32m) a checksum of the wrong kind.
    let refused = [
        // BIP-173
        "tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty",
        "BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2",
        "bc1rw5uspcuh",
        "bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90",
        "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P",
        "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7",
        "bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du",
        "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv",
        "bc1gmk9yu",
        // BIP-350
        "tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut",
        "tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf",
        "tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47",
        "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4",
        "BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R",
        "bc1pw5dgrnzv",
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav",
        "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq",
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf",
        "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j",
    ];
    for address in refused {
        assert!(
            matches!(
                check_address(BTC, address),
                Err(AddressError::Invalid | AddressError::Checksum)
            ),
            "{address}"
        );
        assert_eq!(identify_network(address), None, "{address}");
    }
    // Those whose only fault is their form.
    for address in [
        "tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty",
        "BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2",
        "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P",
        "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7",
        "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4",
        "bc1pw5dgrnzv",
    ] {
        assert_eq!(
            check_address(BTC, address),
            Err(AddressError::Invalid),
            "{address}"
        );
    }
}

#[test]
fn published_base58_addresses_are_accepted_as_typed() {
    // The genesis block's coinbase (P2PKH) and the Bitcoin wiki's P2SH example.
    for address in [
        "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
        "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
    ] {
        assert_eq!(check_address(BTC, address).as_deref(), Ok(address));
        assert_eq!(identify_network(address), Some(BTC));
    }
    // TRON's USDT (TRC-20) contract, and the account of 20 zero bytes.
    for address in [
        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb",
    ] {
        assert_eq!(check_address(TRX, address).as_deref(), Ok(address));
        assert_eq!(identify_network(address), Some(TRX));
    }
}

#[test]
fn a_changed_base58_character_is_a_checksum_error() {
    assert_eq!(
        check_address(BTC, "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb"),
        Err(AddressError::Checksum)
    );
    assert_eq!(
        check_address(BTC, "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz"),
        Err(AddressError::Checksum)
    );
    assert_eq!(
        check_address(TRX, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u"),
        Err(AddressError::Checksum)
    );
    // Not base58 at all (0, O, I, l are outside the alphabet), or too short.
    assert_eq!(
        check_address(TRX, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60"),
        Err(AddressError::Invalid)
    );
    assert_eq!(check_address(TRX, "T9yD14"), Err(AddressError::Invalid));
    // Testnet P2PKH (m…) and P2SH (2…) addresses are not mainnet ones.
    assert_eq!(
        check_address(BTC, "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn"),
        Err(AddressError::Invalid)
    );
    assert_eq!(
        check_address(BTC, "2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc"),
        Err(AddressError::Invalid)
    );
}

/// EIP-55's examples: all caps, all lower, and mixed case.
const EIP55_EXAMPLES: [&str; 8] = [
    "0x52908400098527886E0F7030069857D2E4169EE7",
    "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
    "0xde709f2102306220921060314715629080e2fb77",
    "0x27b1fdb04752bbc536007a920d24acb045561c26",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];

#[test]
fn eip55_examples_are_their_own_checksum() {
    for address in EIP55_EXAMPLES {
        let account: [u8; 20] = hex(&address[2..].to_ascii_lowercase()).try_into().unwrap();
        assert_eq!(eip55_address(&account), address);
        assert_eq!(check_address(ETH, address).as_deref(), Ok(address));
    }
}

#[test]
fn ethereum_addresses_in_one_case_carry_no_checksum_and_come_back_checksummed() {
    let lower = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
    let upper = "0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED";
    for typed in [lower, upper] {
        assert_eq!(
            check_address(ETH, typed).as_deref(),
            Ok("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
        );
    }
    // One letter's case flipped in a mixed-case address.
    assert_eq!(
        check_address(ETH, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"),
        Err(AddressError::Checksum)
    );
    for bad in [
        "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg",
        "0X5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED",
        "0x",
    ] {
        assert_eq!(check_address(ETH, bad), Err(AddressError::Invalid), "{bad}");
    }
}

#[test]
fn an_address_of_another_network_is_named() {
    let tron = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
    let eth = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
    let btc = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
    assert_eq!(
        check_address(ETH, tron),
        Err(AddressError::WrongNetwork(TRX))
    );
    assert_eq!(
        check_address(BTC, tron),
        Err(AddressError::WrongNetwork(TRX))
    );
    assert_eq!(
        check_address(TRX, eth),
        Err(AddressError::WrongNetwork(ETH))
    );
    assert_eq!(
        check_address(BTC, eth),
        Err(AddressError::WrongNetwork(ETH))
    );
    assert_eq!(
        check_address(TRX, btc),
        Err(AddressError::WrongNetwork(BTC))
    );
    assert_eq!(
        check_address(ETH, "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"),
        Err(AddressError::WrongNetwork(BTC))
    );
    assert_eq!(identify_network(eth), Some(ETH));
    assert_eq!(identify_network("hello"), None);
    assert_eq!(identify_network(""), None);
}

#[test]
fn blank_text_is_empty_and_surrounding_space_is_ignored() {
    for text in ["", "   ", "\t\n"] {
        for network in Network::ALL {
            assert_eq!(check_address(network, text), Err(AddressError::Empty));
        }
    }
    assert_eq!(
        check_address(TRX, "  TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t\n").as_deref(),
        Ok("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")
    );
    // Text that is not ASCII is never an address, and never a panic.
    assert_eq!(check_address(BTC, "bc１q"), Err(AddressError::Invalid));
    assert_eq!(check_address(BTC, "b€"), Err(AddressError::Invalid));
    assert_eq!(check_address(ETH, "0x€"), Err(AddressError::Invalid));
}

#[test]
fn addresses_of_keys_match_the_published_ones() {
    // BIP-173: the program of BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4.
    let program: [u8; 20] = hex("751e76e8199196d454941c45d1b3a323f1433bd6")
        .try_into()
        .unwrap();
    assert_eq!(
        p2wpkh_address(&program),
        "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
    );
    // The USDT (TRC-20) contract's account.
    let account: [u8; 20] = hex("a614f803b6fd780986a42c78ec9c7f77e6ded13c")
        .try_into()
        .unwrap();
    assert_eq!(tron_address(&account), "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    // The key of private key 1 (the generator G): its well-known Ethereum address.
    let g: [u8; 64] = hex(concat!(
        "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
        "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"
    ))
    .try_into()
    .unwrap();
    let account = ethereum_account(&g);
    assert_eq!(
        eip55_address(&account),
        "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf"
    );
    assert_eq!(tron_address(&account), "TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC");
}

#[test]
fn look_alikes_share_both_ends_and_differ_inside() {
    let used = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    assert!(looks_like(
        used,
        "0x5aaeb000000000000000000000000000000beaed"
    ));
    assert!(!looks_like(used, used));
    // The same address in another case is the same address.
    assert!(!looks_like(
        used,
        "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"
    ));
    assert!(!looks_like(
        used,
        "0x5aaf0000000000000000000000000000000beaed"
    ));
    assert!(!looks_like(
        used,
        "0x5aaeb000000000000000000000000000000beaee"
    ));
    let tron = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
    assert!(looks_like(tron, "TR7NHxxxxxxxxxxxxxxxxxxxxxxxxxLj6t"));
    // Base58 is case-sensitive.
    assert!(!looks_like(tron, "Tr7NHxxxxxxxxxxxxxxxxxxxxxxxxxLj6t"));
    let btc = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
    assert!(looks_like(
        btc,
        "bc1qw50zzzzzzzzzzzzzzzzzzzzzzzzzzzzzv8f3t4"
    ));
    assert!(!looks_like(
        btc,
        "bc1pw50zzzzzzzzzzzzzzzzzzzzzzzzzzzzzv8f3t4"
    ));
    // Different prefixes, or too short to have a middle.
    assert!(!looks_like(
        "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
        "3A1zxxxxxxfNa"
    ));
    assert!(!looks_like("T1234abcd", "T1234abcd "));
    assert!(!looks_like("", ""));
}

#[test]
fn the_browser_report_carries_the_address_or_the_code_and_network() {
    assert_eq!(
        serde_json::to_value(AddressCheck::of(
            ETH,
            "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"
        ))
        .unwrap(),
        serde_json::json!({ "ok": true, "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" })
    );
    assert_eq!(
        serde_json::to_value(AddressCheck::of(ETH, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).unwrap(),
        serde_json::json!({ "ok": false, "code": "address_wrong_network", "network": "TRX" })
    );
    assert_eq!(
        serde_json::to_value(AddressCheck::of(BTC, "")).unwrap(),
        serde_json::json!({ "ok": false, "code": "address_required" })
    );
}
