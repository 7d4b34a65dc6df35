//! Uploads' rows: what the database keeps of each stored file (its reference, the user's name
//! for it, its kind and size, its sealed key), and who owns which reference.

use diesel::prelude::*;
use domain::upload::FileKind;

use crate::db::DbConnection;
use crate::db::schema::uploads;
use crate::services::vault::{Purpose, Vault};

/// A file the upload rules accepted.
#[derive(Debug, Clone, Copy)]
pub struct AcceptedFile<'a> {
    /// As the user's file was named.
    pub name: &'a str,
    pub kind: FileKind,
    pub size: u64,
}

/// An upload's row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = uploads)]
pub struct UploadRow {
    pub id: String,
    pub user_id: String,
    pub reference: String,
    pub original_name: String,
    pub kind: String,
    pub size: i64,
    pub wrapped_key: String,
    pub created_at: i64,
}

impl UploadRow {
    /// A new row for an accepted file of `user_id`, its key sealed for its id.
    pub fn new(
        vault: &Vault,
        id: String,
        user_id: &str,
        file: &AcceptedFile<'_>,
        key: &[u8; 32],
        now: i64,
    ) -> UploadRow {
        let AcceptedFile {
            name: original_name,
            kind,
            size,
        } = *file;
        UploadRow {
            reference: format!("{id}.{}", extension(kind)),
            wrapped_key: vault.seal(Purpose::UploadKey, &id, key),
            id,
            user_id: user_id.to_owned(),
            original_name: original_name.to_owned(),
            kind: kind_text(kind).to_owned(),
            size: i64::try_from(size).unwrap_or(i64::MAX),
            created_at: now,
        }
    }

    pub fn kind(&self) -> FileKind {
        match self.kind.as_str() {
            "png" => FileKind::Png,
            "pdf" => FileKind::Pdf,
            _ => FileKind::Jpeg,
        }
    }
}

fn extension(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Jpeg => "jpg",
        FileKind::Png => "png",
        FileKind::Pdf => "pdf",
    }
}

fn kind_text(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Jpeg => "jpeg",
        FileKind::Png => "png",
        FileKind::Pdf => "pdf",
    }
}

pub fn insert(conn: &mut DbConnection, row: &UploadRow) -> QueryResult<()> {
    diesel::insert_into(uploads::table)
        .values(row)
        .execute(conn)
        .map(drop)
}

/// `user_id`'s upload with `reference`, or none (unknown, or another user's).
pub fn find_owned(
    conn: &mut DbConnection,
    user_id: &str,
    reference: &str,
) -> QueryResult<Option<UploadRow>> {
    uploads::table
        .filter(uploads::reference.eq(reference))
        .filter(uploads::user_id.eq(user_id))
        .select(UploadRow::as_select())
        .first(conn)
        .optional()
}

/// The references among `references` that are not `user_id`'s uploads (unknown or another
/// user's), in the order given.
pub fn not_owned(
    conn: &mut DbConnection,
    user_id: &str,
    references: &[String],
) -> QueryResult<Vec<String>> {
    if references.is_empty() {
        return Ok(Vec::new());
    }
    let owned: Vec<String> = uploads::table
        .filter(uploads::user_id.eq(user_id))
        .filter(uploads::reference.eq_any(references))
        .select(uploads::reference)
        .load(conn)?;
    Ok(references
        .iter()
        .filter(|r| !owned.contains(r))
        .cloned()
        .collect())
}

/// The names `user_id`'s uploads among `references` were uploaded under, by reference (another
/// user's references are left out).
pub fn names_of(
    conn: &mut DbConnection,
    user_id: &str,
    references: &[String],
) -> QueryResult<Vec<(String, String)>> {
    if references.is_empty() {
        return Ok(Vec::new());
    }
    uploads::table
        .filter(uploads::user_id.eq(user_id))
        .filter(uploads::reference.eq_any(references))
        .select((uploads::reference, uploads::original_name))
        .load(conn)
}

/// `user_id`'s uploads among `references` (another user's are left out), in no order.
pub fn rows_of(
    conn: &mut DbConnection,
    user_id: &str,
    references: &[String],
) -> QueryResult<Vec<UploadRow>> {
    if references.is_empty() {
        return Ok(Vec::new());
    }
    uploads::table
        .filter(uploads::user_id.eq(user_id))
        .filter(uploads::reference.eq_any(references))
        .select(UploadRow::as_select())
        .load(conn)
}
