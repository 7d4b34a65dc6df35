//! `POST user/file` (multipart, field `file`) stores one document and answers its reference;
//! `GET user/file/{name}` reads it back for its owner (DESIGN §8).
//!
//! The file is checked by the domain's upload rules as it streams in (name, type by extension
//! and first bytes, 10 MB cut off on the chunk that crosses it, PDF scripts and automatic
//! actions), encrypted a segment at a time and sent to the store: never held whole.

use std::time::Duration;

use actix_multipart::Multipart;
use actix_web::body::SizedStream;
use actix_web::http::header;
use actix_web::{HttpResponse, web};
use domain::upload::FileKind;
use domain::upload_stream::UploadCheck;
use domain::{ErrorCode, FieldError};
use futures_util::StreamExt;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::{Api, ApiCode, ApiResult, AppError, Empty, Reply};
use crate::clock::new_id;
use crate::extract::CurrentUser;
use crate::services::uploads::{self, AcceptedFile, SealedWriter, UploadRow};
use crate::state::AppState;

/// The multipart field that carries the file.
const FIELD: &str = "file";

/// After refusing a file, how long the rest of the body is read (and dropped) so that the
/// client, still sending, receives the answer instead of a reset.
const DRAIN_FOR: Duration = Duration::from_millis(500);
/// ...and at most how much of it.
const DRAIN_MAX: usize = 1024 * 1024;

/// The Content-Security-Policy of a served document: nothing loads, nothing runs.
pub const FILE_CSP: &str =
    "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/// `multipart/form-data` with one file in the field `file`.
#[derive(Debug, ToSchema)]
#[allow(dead_code)] // documents the request body; the handler reads the stream itself
pub struct FileUpload {
    /// jpg, jpeg, png or pdf; at most 10 MB; a name of at most 50 characters.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// A document's bytes.
#[derive(Debug, ToSchema)]
#[schema(value_type = String, format = Binary)]
#[allow(dead_code)] // documents the answer; the handler streams it
pub struct DocumentBytes(Vec<u8>);

/// The stored file.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileReference {
    /// What forms carry (`backImg`, `taxFormFile`…, several joined by commas) and
    /// `GET user/file/{name}` reads.
    reference: String,
    /// The file's name as uploaded.
    name: String,
    /// `jpeg`, `png` or `pdf`.
    kind: FileKind,
    size: u64,
}

fn refused(error: FieldError) -> AppError {
    AppError::validation(&[FieldError {
        field: FIELD.to_owned(),
        ..error
    }])
}

/// Upload a document
///
/// One file per request, in the multipart field `file`: checked by the domain's upload rules
/// while it streams in (a refusal names the file), encrypted at rest. statusCodes: 200, 101,
/// 102 (`file`: type, name, size, content), 400 (not a multipart body).
#[utoipa::path(
    post,
    path = "/user/file",
    tag = "user",
    request_body(content = FileUpload, content_type = "multipart/form-data"),
    security(("accessToken" = [])),
    responses((status = 200, body = Reply<FileReference>))
)]
pub async fn upload_file(
    state: web::Data<AppState>,
    user: CurrentUser,
    mut body: Multipart,
) -> ApiResult<FileReference> {
    let result = receive(&state, &user, &mut body).await;
    if let Err(error) = &result
        && error.is_handled()
    {
        drain(&mut body).await;
    }
    result.map(Api::ok)
}

async fn receive(
    state: &AppState,
    user: &CurrentUser,
    body: &mut Multipart,
) -> Result<FileReference, AppError> {
    let bad = || AppError::bad_request("api.bad_request");
    while let Some(field) = body.next().await {
        let mut field = field.map_err(|_| bad())?;
        if field.name() != Some(FIELD) {
            // Other parts are skipped; the one file is all this route takes.
            while let Some(chunk) = field.next().await {
                chunk.map_err(|_| bad())?;
            }
            continue;
        }
        let name = field
            .content_disposition()
            .and_then(|d| d.get_filename())
            .unwrap_or_default()
            .to_owned();
        let mut check = UploadCheck::start(&name).map_err(refused)?;
        let id = new_id();
        let mut writer = state.uploads.writer(&id).await?;
        let checked = match stream_into(&mut field, &mut check, &mut writer).await {
            Ok(()) => {
                let size = check.size();
                check.finish().map(|kind| (kind, size)).map_err(refused)
            }
            Err(error) => Err(error),
        };
        let (kind, size) = match checked {
            Ok(checked) => checked,
            Err(error) => {
                writer.abort().await;
                state.uploads.remove(&id).await;
                return Err(error);
            }
        };
        let key = writer.finish().await?;
        let row = UploadRow::new(
            &state.vault,
            id,
            &user.0.profile.id,
            &AcceptedFile {
                name: &name,
                kind,
                size,
            },
            &key,
            state.clock.now_ms(),
        );
        let reference = row.reference.clone();
        state
            .db
            .write(move |conn| uploads::insert(conn, &row).map_err(AppError::from))
            .await?;
        return Ok(FileReference {
            reference,
            name,
            kind,
            size,
        });
    }
    Err(AppError::validation(&[FieldError::new(
        FIELD,
        ErrorCode::RequiredFile,
    )]))
}

/// Checks each chunk of the field and sends it, encrypted, to the store.
async fn stream_into(
    field: &mut actix_multipart::Field,
    check: &mut UploadCheck,
    writer: &mut SealedWriter,
) -> Result<(), AppError> {
    while let Some(chunk) = field.next().await {
        let chunk = chunk.map_err(|_| AppError::bad_request("api.bad_request"))?;
        check.push(&chunk).map_err(refused)?;
        writer.write(&chunk).await?;
    }
    Ok(())
}

/// Reads and drops what is left of a refused body, for a moment and up to [`DRAIN_MAX`].
async fn drain(body: &mut Multipart) {
    let read = async {
        let mut drained = 0;
        while drained < DRAIN_MAX {
            let Some(Ok(mut field)) = body.next().await else {
                return;
            };
            while let Some(Ok(chunk)) = field.next().await {
                drained += chunk.len();
                if drained >= DRAIN_MAX {
                    return;
                }
            }
        }
    };
    let _ = tokio::time::timeout(DRAIN_FOR, read).await;
}

/// The owner's file, as one that does not exist for anyone else.
fn file_not_found() -> AppError {
    AppError::new(ApiCode::NotFound, "api.file_not_found")
}

/// Read an uploaded document
///
/// The owner's file, decrypted as it is sent: `Content-Type` of its kind, `nosniff`, a
/// sandboxing Content-Security-Policy, and `attachment` for PDFs (images are shown inline).
/// Another user's reference answers as an unknown one. statusCodes: 200 (the file), 101, 404.
#[utoipa::path(
    get,
    path = "/user/file/{name}",
    tag = "user",
    params(("name" = String, Path, description = "The file's reference, as `POST user/file` answered it.")),
    security(("accessToken" = [])),
    responses((status = 200, description = "The file (its kind's Content-Type); a refusal as JSON", content(
        (Reply<Empty> = "application/json"),
        (DocumentBytes = "image/jpeg"),
        (DocumentBytes = "image/png"),
        (DocumentBytes = "application/pdf")
    )))
)]
pub async fn read_file(
    state: web::Data<AppState>,
    user: CurrentUser,
    name: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let reference = name.into_inner();
    let owner = user.0.profile.id.clone();
    let row = state
        .db
        .read(move |conn| uploads::find_owned(conn, &owner, &reference).map_err(AppError::from))
        .await?
        .ok_or_else(file_not_found)?;
    let stream = state.uploads.open(&state.vault, &row).await?;
    let kind = row.kind();
    let disposition = if kind == FileKind::Pdf {
        header::DispositionType::Attachment
    } else {
        header::DispositionType::Inline
    };
    Ok(HttpResponse::Ok()
        .content_type(kind.mime())
        .insert_header(header::ContentDisposition {
            disposition,
            parameters: vec![header::DispositionParam::Filename(row.original_name)],
        })
        .insert_header((header::CONTENT_SECURITY_POLICY, FILE_CSP))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(SizedStream::new(
            u64::try_from(row.size).unwrap_or_default(),
            stream,
        )))
}
