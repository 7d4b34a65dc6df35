//! The accrual job's batches: a run over more positions than one batch holds, and not a
//! multiple of it, accrues every position each day exactly once, posts each paying day once,
//! and a re-run does nothing.

use diesel::dsl::count_star;
use diesel::prelude::*;
use server::db::schema::{fund_accruals, fund_positions, ledger_transactions};
use server::services::fund::accrual;

use crate::fund::{accrue, fund_app, next_days, reconcile};
use crate::wallet::ledger_check_passes;

#[actix_web::test]
async fn positions_past_a_batch_boundary_accrue_once_each() {
    let app = fund_app().await;
    let count = accrual::BATCH + 7;
    let holders = u64::try_from(count).unwrap();
    // 100.00 USD each: the subscription day earns nothing, the next 0.01 USD.
    server::fund_cli::seed_holders(&app.db, holders, 10_000, app.clock.now_ms())
        .await
        .unwrap();
    next_days(&app, 2);
    let run = accrue(&app).await;
    assert_eq!(
        (run.positions, run.days, run.interest),
        (count, 2 * count, i64::try_from(count).unwrap())
    );
    assert_eq!(accrue(&app).await, accrual::Report::default());
    let (positions, per_position, postings) = app
        .db
        .read(|conn| {
            let positions: i64 = fund_positions::table.count().get_result(conn)?;
            let per_position: Vec<i64> = fund_accruals::table
                .group_by(fund_accruals::position_id)
                .select(count_star())
                .load(conn)?;
            let postings: i64 = ledger_transactions::table
                .filter(ledger_transactions::kind.eq(server::services::fund::ACCRUAL))
                .count()
                .get_result(conn)?;
            Ok((positions, per_position, postings))
        })
        .await
        .unwrap();
    assert_eq!(positions, i64::try_from(count).unwrap());
    assert_eq!(per_position.len(), count, "every position accrued");
    assert!(
        per_position.iter().all(|days| *days == 2),
        "{per_position:?}"
    );
    assert_eq!(
        postings,
        i64::try_from(count).unwrap(),
        "one paying day each"
    );
    ledger_check_passes(&app);
    assert!(
        reconcile(&app)
            .expect("reconcile passes")
            .contains("0 differences")
    );
}
