//! `make bench`: median time of one full-form validation, natively. The same forms run
//! through wasm in Node (`scripts/bench-wasm.mjs`); both print one line per form.

use std::hint::black_box;
use std::time::Instant;

use domain::forms::FormName;
use serde_json::Value;

/// The forms measured: the widest forms, valid, so every rule of every field runs.
pub const CASES: &[(&str, FormName, &str, &str)] = &[
    (
        "bankAccount",
        FormName::BankAccount,
        r#"{"nickname":"Salary","bankCountry":"US","bankName":"JPMorgan Chase Bank, N.A.","bankAddress":"383 Madison Avenue, New York","accountNumber":"GB82 WEST 1234 5698 7654 32","swiftCode":"CHASUS33XXX","routingNumber":"021000021","accountAddress":"1 Main Street, Springfield"}"#,
        "null",
    ),
    (
        "companyInvestor",
        FormName::CompanyInvestor,
        r#"{"companyName":"Fiscard Holdings Ltd","companyId":"HK-1234567","registerJurisdictions":["HK","SG"],"mainBusinessOperateCountry":["HK","US","GB"],"businessProperty":"Trading","registerAddress":"1 Queen's Road Central, Hong Kong","registerCertificateFile":"u/a/cert.pdf","shareholderStructureFile":"u/a/share.pdf","directorFile":"u/a/dir.pdf","companyRegulationFile":"u/a/reg.pdf","companyStructureFile":"u/a/struct.pdf","shareholderPassportFile":"u/a/p1.jpg,u/a/p2.jpg","taxFormFile":"u/a/w8.pdf","usAgencyLicenseFile":"u/a/lic.pdf","proofOfAddressImg":"u/a/addr.png"}"#,
        "null",
    ),
];

const BATCH: u32 = 1000;
const SAMPLES: usize = 51;

fn main() {
    for (name, form, input, context) in CASES {
        let input: Value = serde_json::from_str(input).expect("valid JSON");
        let context: Value = serde_json::from_str(context).expect("valid JSON");
        let errors = domain::validate(*form, &input, &context).expect("valid context");
        assert!(errors.is_empty(), "{name} must be valid: {errors:?}");
        let mut samples: Vec<f64> = (0..SAMPLES)
            .map(|_| {
                let start = Instant::now();
                for _ in 0..BATCH {
                    black_box(domain::validate(*form, black_box(&input), &context).ok());
                }
                start.elapsed().as_secs_f64() * 1e6 / f64::from(BATCH)
            })
            .collect();
        samples.sort_by(f64::total_cmp);
        println!(
            "native  {name:<16} median {:>7.2} µs per validation",
            samples[SAMPLES / 2]
        );
    }
}
