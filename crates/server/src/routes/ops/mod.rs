//! The operator console's API (`/api/ops/…`, docs/ops-contract.md): operators' own login,
//! sessions (`Ops-Token`) and roles, the operators list, and the identity review. Every action
//! is appended to the audit trail in its own transaction.

pub mod audit;
pub mod auth;
pub mod bins;
pub mod cards;
pub mod operators;
pub mod review;
pub mod users;
pub mod wires;
pub mod withdrawals;

use serde::Serialize;
use utoipa::ToSchema;

use crate::extract::{Client, CurrentOperator};
use crate::services::audit::Entry;
use crate::services::operators::{OperatorRow, Role};

/// An operator, as the console shows them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsOperator {
    pub id: String,
    pub email: String,
    pub roles: Vec<Role>,
    /// invited | active | disabled
    pub status: String,
    /// UTC milliseconds since the Unix epoch.
    pub created_at: i64,
    /// UTC milliseconds since the Unix epoch; null until enrolled.
    pub enrolled_at: Option<i64>,
}

impl From<&OperatorRow> for OpsOperator {
    fn from(row: &OperatorRow) -> Self {
        OpsOperator {
            id: row.id.clone(),
            email: row.email.clone(),
            roles: row.roles(),
            status: row.status.clone(),
            created_at: row.created_at,
            enrolled_at: row.enrolled_at,
        }
    }
}

/// An audit entry of `operator`'s action from `client`.
pub fn entry<'a>(
    operator: &'a CurrentOperator,
    client: &'a Client,
    action: &'a str,
    subject: &'a str,
) -> Entry<'a> {
    Entry {
        operator_id: Some(&operator.id),
        operator: &operator.email,
        action,
        subject,
        before: None,
        after: None,
        ip: Some(&client.ip),
    }
}
