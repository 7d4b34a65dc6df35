//! Password and PIN hashing: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane).
//!
//! Each hash costs a core for tens of milliseconds, so hashing runs on the blocking pool and
//! behind a semaphore (`FISCARD_HASH_CONCURRENCY`, cores − 1 by default): a login storm queues
//! here instead of taking every core from the rest of the API.

use std::sync::Arc;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

use crate::api::AppError;

fn argon2() -> Argon2<'static> {
    // OWASP Password Storage Cheat Sheet: m = 19 MiB, t = 2, p = 1.
    let params = Params::new(19 * 1024, 2, 1, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes and verifies passwords without starving the server.
#[derive(Debug, Clone)]
pub struct Passwords {
    permits: Arc<Semaphore>,
    /// Verified against when an account does not exist, so that takes as long as a real check.
    decoy: Arc<String>,
}

impl Passwords {
    pub fn new(concurrency: usize) -> anyhow::Result<Passwords> {
        let decoy = hash_now("decoy password for unknown accounts")?;
        Ok(Passwords {
            permits: Arc::new(Semaphore::new(concurrency)),
            decoy: Arc::new(decoy),
        })
    }

    /// An argon2id PHC string for `secret`.
    pub async fn hash(&self, secret: String) -> Result<String, AppError> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|e| AppError::internal(e.into()))?;
        actix_web::web::block(move || hash_now(&secret))
            .await
            .map_err(|e| AppError::internal(e.into()))?
            .map_err(AppError::internal)
    }

    /// Whether `secret` matches `hash`; with no hash (unknown account) a decoy is checked so
    /// the answer takes the same time, and is `false`.
    pub async fn verify(&self, secret: String, hash: Option<String>) -> Result<bool, AppError> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|e| AppError::internal(e.into()))?;
        let known = hash.is_some();
        let hash = hash.unwrap_or_else(|| self.decoy.as_ref().clone());
        let matches = actix_web::web::block(move || {
            PasswordHash::new(&hash)
                .is_ok_and(|parsed| argon2().verify_password(secret.as_bytes(), &parsed).is_ok())
        })
        .await
        .map_err(|e| AppError::internal(e.into()))?;
        Ok(known && matches)
    }
}

fn hash_now(secret: &str) -> anyhow::Result<String> {
    let mut salt = [0_u8; 16];
    rand::fill(&mut salt);
    let salt = SaltString::encode_b64(&salt).map_err(|e| anyhow::anyhow!("salt: {e}"))?;
    Ok(argon2()
        .hash_password(secret.as_bytes(), &salt)
        .map_err(|e| anyhow::anyhow!("argon2: {e}"))?
        .to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[actix_web::test]
    async fn a_hash_verifies_only_its_own_password() {
        let p = Passwords::new(1).unwrap();
        let hash = p.hash("Correct horse 1".into()).await.unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(
            p.verify("Correct horse 1".into(), Some(hash.clone()))
                .await
                .unwrap()
        );
        assert!(
            !p.verify("Correct horse 2".into(), Some(hash))
                .await
                .unwrap()
        );
        assert!(
            !p.verify("decoy password for unknown accounts".into(), None)
                .await
                .unwrap(),
            "the decoy never admits anyone"
        );
    }
}
