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
    }
}
