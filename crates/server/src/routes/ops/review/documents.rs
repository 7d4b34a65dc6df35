//! A case's documents' bytes (`GET ops/review/cases/{id}/documents/{reference}`), each read an
//! audit entry.

use actix_web::body::SizedStream;
use actix_web::http::header;
use actix_web::{HttpResponse, web};
use domain::upload::FileKind;
use serde_json::json;

use super::case_not_found;
use crate::api::{ApiCode, AppError, Empty, Reply};
use crate::extract::{Client, CurrentOperator};
use crate::routes::ops::entry;
use crate::routes::user::files::DocumentBytes;
use crate::services::audit::{self, Entry};
use crate::services::operators::Role;
use crate::services::{identity, review, uploads};
use crate::state::AppState;

/// A case's document
///
/// The bytes of one of the case's documents, with its stored content type, `inline`,
/// `no-store`, `nosniff`, and a sandboxing Content-Security-Policy. Each read is audited.
/// Role `reviewer`. statusCodes: 200 (the file), 101, 403, 404.
#[utoipa::path(
    get,
    path = "/ops/review/cases/{id}/documents/{reference}",
    tag = "ops",
    params(
        ("id" = String, Path, description = "The case (attempt) id."),
        ("reference" = String, Path, description = "The document's reference, as the case lists it.")
    ),
    security(("opsToken" = [])),
    responses((status = 200, description = "The file (its kind's Content-Type); a refusal as JSON", content(
        (Reply<Empty> = "application/json"),
        (DocumentBytes = "image/jpeg"),
        (DocumentBytes = "image/png"),
        (DocumentBytes = "application/pdf")
    )))
)]
pub async fn read_document(
    state: web::Data<AppState>,
    operator: CurrentOperator,
    client: Client,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, AppError> {
    operator.require(&[Role::Reviewer])?;
    let ((id, reference), now) = (path.into_inner(), state.clock.now_ms());
    let found = state
        .db
        .write(move |conn| {
            let Some((attempt, ..)) = review::case(conn, &id)? else {
                return Err(case_not_found());
            };
            let answers = attempt.answers();
            let listed = identity::documents_of(&answers)
                .iter()
                .any(|(_, references)| references.contains(&reference));
            let row = if listed {
                uploads::find_owned(conn, &attempt.user_id, &reference)?
            } else {
                None
            };
            let Some(row) = row else {
                return Err(AppError::new(
                    ApiCode::NotFound,
                    "api.ops_document_not_found",
                ));
            };
            let subject = format!("attempt:{id}");
            audit::append(
                conn,
                &Entry {
                    after: Some(json!({"reference": reference}).to_string()),
                    ..entry(&operator, &client, "review.document.read", &subject)
                },
                now,
            )?;
            Ok(row)
        })
        .await?;
    let stream = state.uploads.open(&state.vault, &found).await?;
    let kind = found.kind();
    let csp = if kind == FileKind::Pdf {
        "sandbox"
    } else {
        "default-src 'none'; sandbox"
    };
    Ok(HttpResponse::Ok()
        .content_type(kind.mime())
        .insert_header(header::ContentDisposition {
            disposition: header::DispositionType::Inline,
            parameters: vec![header::DispositionParam::Filename(
                found.original_name.clone(),
            )],
        })
        .insert_header((header::CONTENT_SECURITY_POLICY, csp))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .body(SizedStream::new(
            u64::try_from(found.size).unwrap_or_default(),
            stream,
        )))
}
