//! Uploaded documents (DESIGN §8): checked by the domain's upload rules while they stream in,
//! encrypted with a key of their own (AES-256-GCM in the `aead` STREAM construction, 64 KiB
//! segments, so neither writing nor reading holds a whole file), and stored through
//! `object_store`: a local folder by default, any S3-compatible store by URL.
//!
//! A stored object is `FSU1` ‖ the 7-byte nonce prefix ‖ the encrypted segments (each 64 KiB of
//! the file and its 16-byte tag; the last one shorter and marked last). The file's key is sealed
//! by the vault for this upload's id, so an object copied under another id does not open.

use std::sync::Arc;

use aes_gcm::Aes256Gcm;
use aes_gcm::aead::KeyInit;
use aes_gcm::aead::generic_array::GenericArray;
use aes_gcm::aead::stream::{DecryptorBE32, EncryptorBE32};
use anyhow::{Context, anyhow};
use bytes::{Bytes, BytesMut};
use futures_util::stream::{BoxStream, StreamExt};
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, WriteMultipart};

use crate::config::UploadsConfig;
use crate::services::vault::{Purpose, Vault};

mod records;

pub use records::{AcceptedFile, UploadRow, find_owned, insert, names_of, not_owned, rows_of};

/// Plain bytes per encrypted segment.
pub const SEGMENT: usize = 64 * 1024;
const TAG: usize = 16;
const MAGIC: &[u8; 4] = b"FSU1";
const NONCE_PREFIX: usize = 7;
const HEADER: usize = MAGIC.len() + NONCE_PREFIX;

/// Where the encrypted files go, and how big the parts sent to it are.
#[derive(Clone)]
pub struct Uploads {
    store: Arc<dyn ObjectStore>,
    /// S3 refuses parts under 5 MiB (but the last); a local folder takes any size, so a local
    /// upload holds only a segment or two in memory.
    part_size: usize,
}

impl std::fmt::Debug for Uploads {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Uploads")
            .field("store", &self.store.to_string())
            .finish_non_exhaustive()
    }
}

impl Uploads {
    /// # Errors
    /// The folder cannot be made, or the S3 settings are not valid.
    pub fn from_config(config: &UploadsConfig) -> anyhow::Result<Uploads> {
        match config {
            UploadsConfig::Local(dir) => {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("creating {}", dir.display()))?;
                let store = object_store::local::LocalFileSystem::new_with_prefix(dir)
                    .with_context(|| format!("opening {}", dir.display()))?;
                Ok(Uploads {
                    store: Arc::new(store),
                    part_size: 2 * (SEGMENT + TAG),
                })
            }
            UploadsConfig::S3 { url, options } => {
                use object_store::aws::{AmazonS3Builder, AmazonS3ConfigKey};
                let mut builder = AmazonS3Builder::new().with_url(url.as_str());
                for (name, value) in options {
                    let key: AmazonS3ConfigKey = name
                        .parse()
                        .map_err(|e| anyhow!("{name} is not an S3 setting: {e}"))?;
                    builder = builder.with_config(key, value.expose());
                }
                let store = builder.build().context("FISCARD_UPLOADS_URL")?;
                let prefix = url
                    .trim_start_matches("s3://")
                    .split_once('/')
                    .map(|(_, p)| p.trim_matches('/'))
                    .unwrap_or_default();
                let store: Arc<dyn ObjectStore> = if prefix.is_empty() {
                    Arc::new(store)
                } else {
                    Arc::new(object_store::prefix::PrefixStore::new(store, prefix))
                };
                Ok(Uploads {
                    store,
                    part_size: 5 * 1024 * 1024,
                })
            }
        }
    }

    fn location(id: &str) -> ObjectPath {
        ObjectPath::from(format!("uploads/{id}"))
    }

    /// Starts writing the upload `id`.
    pub async fn writer(&self, id: &str) -> anyhow::Result<SealedWriter> {
        let upload = self
            .store
            .put_multipart(&Self::location(id))
            .await
            .context("starting an upload in the store")?;
        let mut key = [0_u8; 32];
        rand::fill(&mut key);
        let mut prefix = [0_u8; NONCE_PREFIX];
        rand::fill(&mut prefix);
        let cipher = Aes256Gcm::new_from_slice(&key).map_err(|_| anyhow!("key length"))?;
        let mut out = WriteMultipart::new_with_chunk_size(upload, self.part_size);
        out.write(MAGIC);
        out.write(&prefix);
        Ok(SealedWriter {
            out,
            encryptor: EncryptorBE32::from_aead(cipher, GenericArray::from_slice(&prefix)),
            pending: BytesMut::with_capacity(SEGMENT),
            key,
        })
    }

    /// The plain bytes of upload `id`, decrypted as they are read; an error in the stream when
    /// the object was altered.
    pub async fn read(
        &self,
        id: &str,
        key: &[u8],
    ) -> anyhow::Result<BoxStream<'static, Result<Bytes, std::io::Error>>> {
        let cipher = Aes256Gcm::new_from_slice(key).map_err(|_| anyhow!("key length"))?;
        let object = self
            .store
            .get(&Self::location(id))
            .await
            .context("reading an upload from the store")?;
        let reader = SealedReader {
            source: object.into_stream(),
            cipher: Some(cipher),
            decryptor: None,
            buffer: BytesMut::new(),
            source_done: false,
            done: false,
        };
        Ok(futures_util::stream::unfold(reader, SealedReader::next_plain).boxed())
    }

    /// The plain bytes of the upload `row` describes, its key opened by `vault`: how the owner's
    /// `GET user/file/{name}` and an operator's `admin identity file` read a document.
    pub async fn open(
        &self,
        vault: &Vault,
        row: &UploadRow,
    ) -> anyhow::Result<BoxStream<'static, Result<Bytes, std::io::Error>>> {
        let key = vault
            .open(Purpose::UploadKey, &row.id, &row.wrapped_key)
            .map_err(|e| anyhow!("the key of upload {} does not open: {e}", row.id))?;
        self.read(&row.id, &key).await
    }

    /// Whether the store answers (`/readyz`): a lookup of an object nobody writes, within 3 s;
    /// "not found" is an answer.
    pub async fn reachable(&self) -> anyhow::Result<()> {
        let probe = ObjectPath::from("readyz/probe");
        match tokio::time::timeout(std::time::Duration::from_secs(3), self.store.head(&probe)).await
        {
            Ok(Ok(_) | Err(object_store::Error::NotFound { .. })) => Ok(()),
            Ok(Err(e)) => Err(anyhow!(e)),
            Err(_) => Err(anyhow!("no answer within 3 s")),
        }
    }

    /// Removes the object of upload `id` (a refused or failed upload); missing is fine.
    pub async fn remove(&self, id: &str) {
        if let Err(e) = self.store.delete(&Self::location(id)).await
            && !matches!(e, object_store::Error::NotFound { .. })
        {
            tracing::warn!(error = %e, "an upload could not be removed from the store");
        }
    }
}

/// An upload being encrypted into the store.
pub struct SealedWriter {
    out: WriteMultipart,
    encryptor: EncryptorBE32<Aes256Gcm>,
    pending: BytesMut,
    key: [u8; 32],
}

impl std::fmt::Debug for SealedWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SealedWriter(…)")
    }
}

impl SealedWriter {
    /// Encrypts and sends `chunk`, a segment at a time; waits while two parts are in flight,
    /// so a slow store slows the upload instead of filling memory.
    pub async fn write(&mut self, mut chunk: &[u8]) -> anyhow::Result<()> {
        while !chunk.is_empty() {
            let take = (SEGMENT - self.pending.len()).min(chunk.len());
            self.pending.extend_from_slice(&chunk[..take]);
            chunk = &chunk[take..];
            // A full segment is sent only when more follows: the last one is marked last.
            if self.pending.len() == SEGMENT && !chunk.is_empty() {
                self.seal_segment()?;
            }
        }
        self.out
            .wait_for_capacity(2)
            .await
            .context("writing an upload to the store")
    }

    fn seal_segment(&mut self) -> anyhow::Result<()> {
        let sealed = self
            .encryptor
            .encrypt_next(&self.pending[..])
            .map_err(|_| anyhow!("encrypting an upload segment"))?;
        self.out.write(&sealed);
        self.pending.clear();
        Ok(())
    }

    /// Seals the last segment and completes the object: the file's key, to be wrapped.
    pub async fn finish(mut self) -> anyhow::Result<[u8; 32]> {
        if self.pending.len() == SEGMENT {
            // The previous write ended exactly on a segment: send it, the last one is empty.
            self.seal_segment()?;
        }
        let last = self
            .encryptor
            .encrypt_last(&self.pending[..])
            .map_err(|_| anyhow!("encrypting an upload segment"))?;
        self.out.write(&last);
        self.out
            .finish()
            .await
            .context("completing an upload in the store")?;
        Ok(self.key)
    }

    /// Drops what was sent (a refused file).
    pub async fn abort(self) {
        if let Err(e) = self.out.abort().await {
            tracing::warn!(error = %e, "an upload could not be aborted in the store");
        }
    }
}

/// Decrypts an object's stream segment by segment.
struct SealedReader {
    source: BoxStream<'static, object_store::Result<Bytes>>,
    cipher: Option<Aes256Gcm>,
    decryptor: Option<DecryptorBE32<Aes256Gcm>>,
    buffer: BytesMut,
    source_done: bool,
    done: bool,
}

fn broken(what: &str) -> std::io::Error {
    std::io::Error::other(what.to_owned())
}

impl SealedReader {
    async fn next_plain(mut self) -> Option<(Result<Bytes, std::io::Error>, Self)> {
        if self.done {
            return None;
        }
        let result = self.step().await;
        if result.is_err() {
            self.done = true;
        }
        match result {
            Ok(Some(bytes)) => Some((Ok(bytes), self)),
            Ok(None) => None,
            Err(e) => Some((Err(e), self)),
        }
    }

    /// The next decrypted segment: a full segment is opened once more bytes follow it (so
    /// the last one is known), the last when the source ends.
    async fn step(&mut self) -> Result<Option<Bytes>, std::io::Error> {
        let sealed_len = SEGMENT + TAG;
        loop {
            if self.decryptor.is_none() && self.buffer.len() >= HEADER {
                let header = self.buffer.split_to(HEADER);
                if &header[..MAGIC.len()] != MAGIC {
                    return Err(broken("not an upload object"));
                }
                let cipher = self.cipher.take().ok_or_else(|| broken("reader state"))?;
                self.decryptor = Some(DecryptorBE32::from_aead(
                    cipher,
                    GenericArray::from_slice(&header[MAGIC.len()..]),
                ));
            }
            if let Some(decryptor) = &mut self.decryptor
                && self.buffer.len() > sealed_len
            {
                let segment = self.buffer.split_to(sealed_len);
                let plain = decryptor
                    .decrypt_next(&segment[..])
                    .map_err(|_| broken("an upload segment does not open"))?;
                return Ok(Some(Bytes::from(plain)));
            }
            if self.source_done {
                self.done = true;
                let decryptor = self.decryptor.take().ok_or_else(|| broken("truncated"))?;
                let last = std::mem::take(&mut self.buffer);
                let plain = decryptor
                    .decrypt_last(&last[..])
                    .map_err(|_| broken("the last upload segment does not open"))?;
                return Ok((!plain.is_empty()).then(|| Bytes::from(plain)));
            }
            match self.source.next().await {
                Some(Ok(bytes)) => self.buffer.extend_from_slice(&bytes),
                Some(Err(e)) => return Err(std::io::Error::other(e)),
                None => self.source_done = true,
            }
        }
    }
}
