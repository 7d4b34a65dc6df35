//! `fiscard`: the server, and its operator commands.

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "fiscard",
    about = "The fiscard API server and operator tools",
    version
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the server (the default).
    Serve,
    /// Operator actions.
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
}

#[derive(Subcommand)]
enum AdminAction {
    /// Create an operator account.
    CreateOperator {
        #[arg(long)]
        email: String,
        /// Read the password from the first line of stdin instead of generating one.
        #[arg(long)]
        password_stdin: bool,
    },
    /// Credit a wire received at the platform's bank to the user its memo names (idempotent
    /// by the bank's reference); the user is mailed.
    CreditWire {
        /// The user's uid, as the wire's memo carried it.
        #[arg(long)]
        memo: String,
        /// In USD, e.g. 1000.00.
        #[arg(long)]
        amount: String,
        /// The bank's reference of the wire.
        #[arg(long)]
        reference: String,
    },
    /// Recompute every balance from the ledger's entries and check that they all sum to zero
    /// (exit status 1 when not).
    LedgerCheck,
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("FISCARD_LOG")
                .unwrap_or_else(|_| "info".into()),
        )
        .with_target(false)
        .init();
    let config = server::config::Config::from_env()?;
    match Cli::parse().command.unwrap_or(Command::Serve) {
        Command::Serve => server::serve(config).await,
        Command::Admin {
            action:
                AdminAction::CreateOperator {
                    email,
                    password_stdin,
                },
        } => server::admin::create_operator(&config, &email, password_stdin).await,
        Command::Admin {
            action:
                AdminAction::CreditWire {
                    memo,
                    amount,
                    reference,
                },
        } => server::admin::credit_wire(&config, &memo, &amount, &reference).await,
        Command::Admin {
            action: AdminAction::LedgerCheck,
        } => {
            if server::admin::ledger_check(&config).await? {
                Ok(())
            } else {
                std::process::exit(1)
            }
        }
    }
}
