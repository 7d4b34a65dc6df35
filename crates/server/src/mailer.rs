//! Outgoing mail, in the recipient's language. With `SMTP_URL` set it goes to that server;
//! otherwise into a local outbox (`data/outbox/*.eml` and a log line without the content), so
//! a fresh machine can register users.

use std::path::PathBuf;

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
pub enum Mailer {
    Outbox { dir: PathBuf, from: String },
    Smtp(smtp::Smtp),
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
        match smtp_url {
            Some(url) => Ok(Mailer::Smtp(smtp::Smtp::new(url, from)?)),
            None => Ok(Mailer::Outbox {
                dir: outbox,
                from: from.to_owned(),
            }),
        }
    }

    /// Sends `mail`; a failure is logged, never shown to the user (who can ask again).
    /// Sends `mail` in the background: the answer does not wait for the mail server.
    pub fn send_later(&self, mail: Mail) {
        let mailer = self.clone();
        actix_web::rt::spawn(async move { mailer.send(mail).await });
    }

    pub async fn send(&self, mail: Mail) {
        let result = match self {
            Mailer::Outbox { dir, from } => write_outbox(dir.clone(), from.clone(), mail).await,
            Mailer::Smtp(smtp) => smtp.send(mail).await,
        };
        if let Err(e) = result {
            tracing::error!(error = format!("{e:#}"), "mail not sent");
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
