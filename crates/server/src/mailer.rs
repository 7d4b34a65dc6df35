//! Outgoing mail, in the recipient's language. With `SMTP_URL` set it goes to that server;
//! otherwise into a local outbox (`data/outbox/*.eml` and a log line without the content), so
//! a fresh machine can register users.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::Context;
use domain::error::Params;
use domain::i18n::Locale;

use crate::api::messages;

/// A message to one recipient.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

impl Mail {
    /// The mail `mail.<kind>` of the catalogue (subject and body) in `locale`.
    pub fn from_catalogue(to: &str, kind: &str, locale: Locale, params: &Params) -> Mail {
        Mail {
            to: to.to_owned(),
            subject: messages::text(locale, &format!("mail.{kind}.subject"), params),
            body: messages::text(locale, &format!("mail.{kind}.body"), params),
        }
    }
}

/// Where mail goes.
#[derive(Debug, Clone)]
enum Transport {
    Outbox { dir: PathBuf, from: String },
    Smtp(smtp::Smtp),
}

/// Sends mail, and counts what it is still sending in the background.
#[derive(Debug, Clone)]
pub struct Mailer {
    transport: Transport,
    /// Mails handed to [`Mailer::send_later`] and not yet delivered (or failed).
    pending: Arc<AtomicUsize>,
}

impl Mailer {
    /// The mailer `config` names: SMTP when `SMTP_URL` is set, else the local outbox.
    pub fn from_config(config: &crate::config::Config) -> anyhow::Result<Mailer> {
        Mailer::new(
            config.smtp_url.as_ref().map(|s| s.expose().as_str()),
            config.outbox_dir(),
            &config.mail_from,
        )
    }

    pub fn new(smtp_url: Option<&str>, outbox: PathBuf, from: &str) -> anyhow::Result<Mailer> {
        let transport = match smtp_url {
            Some(url) => Transport::Smtp(smtp::Smtp::new(url, from)?),
            None => Transport::Outbox {
                dir: outbox,
                from: from.to_owned(),
            },
        };
        Ok(Mailer {
            transport,
            pending: Arc::default(),
        })
    }

    /// Sends `mail` in the background: the answer does not wait for the mail server.
    pub fn send_later(&self, mail: Mail) {
        let mailer = self.clone();
        self.pending.fetch_add(1, Ordering::SeqCst);
        actix_web::rt::spawn(async move {
            mailer.send(mail).await;
            mailer.pending.fetch_sub(1, Ordering::SeqCst);
        });
    }

    /// Waits until every mail handed to [`Mailer::send_later`] so far has been delivered or has
    /// failed (at most `limit`); answers whether none is left.
    pub async fn settled(&self, limit: std::time::Duration) -> bool {
        let deadline = tokio::time::Instant::now() + limit;
        while self.pending.load(Ordering::SeqCst) > 0 {
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        true
    }

    /// Sends `mail`; a failure is logged, never shown to the user (who can ask again).
    pub async fn send(&self, mail: Mail) {
        let to = mail.to.clone();
        let result = match &self.transport {
            Transport::Outbox { dir, from } => write_outbox(dir.clone(), from.clone(), mail).await,
            Transport::Smtp(smtp) => smtp.send(mail).await,
        };
        crate::telemetry::email(result.is_ok());
        match result {
            // The masked address only: the body may hold a code.
            Ok(()) => tracing::debug!(to = domain::mask::mask_email(&to), "mail sent"),
            Err(e) => tracing::error!(error = format!("{e:#}"), "mail not sent"),
        }
    }
}

async fn write_outbox(dir: PathBuf, from: String, mail: Mail) -> anyhow::Result<()> {
    let id = crate::clock::new_id();
    let path = dir.join(format!("{id}.eml"));
    let text = rfc5322(&from, &mail, &id);
    tokio::fs::create_dir_all(&dir)
        .await
        .with_context(|| format!("creating {}", dir.display()))?;
    tokio::fs::write(&path, text)
        .await
        .with_context(|| format!("writing {}", path.display()))?;
    tracing::info!(path = %path.display(), "mail written to the local outbox");
    Ok(())
}

/// A plain-text UTF-8 message; the subject as an RFC 2047 encoded word.
fn rfc5322(from: &str, mail: &Mail, id: &str) -> String {
    use base64::Engine;
    let subject = base64::engine::general_purpose::STANDARD.encode(mail.subject.as_bytes());
    format!(
        "From: {from}\r\nTo: {}\r\nSubject: =?UTF-8?B?{subject}?=\r\nMessage-ID: <{id}@fiscard.local>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{}\r\n",
        mail.to,
        mail.body.replace('\n', "\r\n")
    )
}

mod smtp {
    //! SMTP delivery (lettre): `smtp://` (STARTTLS when offered) and `smtps://` (TLS).
    use anyhow::Context;
    use lettre::message::{Mailbox, header::ContentType};
    use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

    use super::Mail;

    #[derive(Clone)]
    pub struct Smtp {
        transport: AsyncSmtpTransport<Tokio1Executor>,
        from: Mailbox,
    }

    impl std::fmt::Debug for Smtp {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("Smtp { … }")
        }
    }

    impl Smtp {
        pub fn new(url: &str, from: &str) -> anyhow::Result<Smtp> {
            let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                .context("SMTP_URL is not a valid SMTP URL")?
                .build();
            Ok(Smtp {
                transport,
                from: from
                    .parse()
                    .context("FISCARD_MAIL_FROM is not a valid mailbox")?,
            })
        }

        pub async fn send(&self, mail: Mail) -> anyhow::Result<()> {
            let message = Message::builder()
                .from(self.from.clone())
                .to(mail.to.parse().context("recipient address")?)
                .subject(mail.subject)
                .header(ContentType::TEXT_PLAIN)
                .body(mail.body)
                .context("building the message")?;
            self.transport
                .send(message)
                .await
                .context("SMTP delivery")?;
            Ok(())
        }
    }
}
