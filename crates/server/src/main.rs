//! `fiscard`: the server, and its operator commands.

use clap::{Parser, Subcommand};

/// mimalloc instead of the C library's allocator: a request allocates and frees a few hundred
/// small blocks on whichever of the blocking pool's threads runs its queries, and glibc's
/// per-thread arenas spent a fifth of the card list's server time in `malloc`, `free` and
/// `malloc_consolidate` (perf, release build).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    /// Play the card network (sign and send issuer events to a running server), the sandbox
    /// chain (`simulate chain …`) or the sandbox price feed (`simulate prices`).
    Simulate {
        #[command(subcommand)]
        event: SimulateEvent,
    },
    /// Print the OpenAPI document (`/api/openapi.json`); the web app's API types are made
    /// from it (`make api-types`).
    Openapi,
}

#[derive(clap::Args)]
struct PaymentArgs {
    /// The card's cardKey.
    #[arg(long)]
    card: String,
    /// In the payment's currency, e.g. 12.50.
    #[arg(long)]
    amount: String,
    #[arg(long, default_value = "USD")]
    currency: String,
    #[arg(long, default_value = "Sandbox Merchant, San Francisco US")]
    merchant: String,
    /// USD per unit of the currency (default: the sandbox's rate).
    #[arg(long)]
    rate: Option<String>,
    /// The transaction a refund or void refers to.
    #[arg(long)]
    origin: Option<String>,
    /// The running server.
    #[arg(long, env = "FISCARD_SERVER", default_value = "http://127.0.0.1:8080")]
    server: String,
}

impl PaymentArgs {
    fn payment(self) -> server::simulate::Payment {
        server::simulate::Payment {
            server: self.server,
            card: self.card,
            amount: self.amount,
            currency: self.currency,
            merchant: self.merchant,
            rate: self.rate,
            origin: self.origin,
        }
    }
}

#[derive(Subcommand)]
enum SimulateEvent {
    /// An authorization and, unless --no-clear, its clearing.
    Purchase {
        #[command(flatten)]
        payment: PaymentArgs,
        /// Leave the authorization pending (its hold stays).
        #[arg(long)]
        no_clear: bool,
    },
    /// A refund (of --origin when given).
    Refund {
        #[command(flatten)]
        payment: PaymentArgs,
    },
    /// A void of --origin, or of a new authorization made for it.
    Void {
        #[command(flatten)]
        payment: PaymentArgs,
    },
    /// The sandbox chain: deposits, blocks, reorganisations (writes the database directly).
    Chain {
        #[command(subcommand)]
        action: server::wallet_cli::ChainAction,
    },
    /// The sandbox price feed: write its newest ticks (the walk a running server's feed job
    /// writes every FISCARD_PRICE_TICK_SECS; writes the database directly).
    Prices {
        /// How many ticks, ending with the current one.
        #[arg(long, default_value_t = 1)]
        ticks: i64,
    },
    /// Many fund holders at once (for load runs): each a user, a wire into their USD account and
    /// a subscription of the USD current product from it, through the server's own services
    /// (writes the database directly).
    FundHolders {
        /// How many holders.
        #[arg(long, default_value_t = 1000)]
        count: u64,
        /// What each subscribes, in USD.
        #[arg(long, default_value = "100")]
        amount: String,
    },
}

#[derive(Subcommand)]
#[allow(clippy::large_enum_variant)] // parsed once, at start
enum BinAction {
    /// Add a BIN, or replace its terms and enable it (new cards get the terms).
    Add(server::admin::BinOptions),
    /// Stop issuing cards under a BIN (its cards keep working).
    Disable {
        #[arg(long)]
        bin: String,
    },
    /// Every BIN and its terms.
    List,
}

#[derive(Subcommand)]
enum IdentityAction {
    /// Set a user's basic identity status: approved, in-review, rejected, not-started.
    SetStatus {
        #[arg(long)]
        email: String,
        #[arg(long)]
        status: String,
    },
    /// The attempts waiting for review, oldest first.
    List,
    /// The newest attempt of a user's verification (basic, investor, aml, qualify).
    Show {
        #[arg(long)]
        email: String,
        #[arg(long)]
        verification: String,
    },
    /// Decrypt one document of the newest attempt of a user's verification into a new file
    /// (`show` lists each document field's files, numbered from 1); the read is audited.
    File {
        #[arg(long)]
        email: String,
        #[arg(long)]
        verification: String,
        /// The document field (its API name: backImg, directorFile, proofOfAddressImg…).
        #[arg(long)]
        field: String,
        /// Which of the field's files, from 1.
        #[arg(long, default_value_t = 1)]
        index: usize,
        /// Where to write it; an existing file is never replaced.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Approve the attempt in review.
    Approve {
        #[arg(long)]
        email: String,
        #[arg(long)]
        verification: String,
    },
    /// Reject the attempt in review, item by item: --item 'field|reason|message[|note]'
    /// (field empty for the whole case; `\n` in the message starts a new line).
    Reject {
        #[arg(long)]
        email: String,
        #[arg(long)]
        verification: String,
        #[arg(long = "item", required = true)]
        items: Vec<String>,
        /// No resubmission (default: the user may retry, changing the rejected items).
        #[arg(long = "final")]
        is_final: bool,
    },
}

#[derive(Subcommand)]
enum ScreeningAction {
    /// Import a sanctions/PEP list (tab-separated: name, birth date, country, list).
    Import { file: std::path::PathBuf },
}

#[derive(Subcommand)]
enum WithdrawalAction {
    /// The withdrawals, oldest first (`--status requested`: those waiting for review).
    List {
        #[arg(long)]
        status: Option<String>,
    },
    /// Approve a withdrawal waiting for review.
    Approve { id: String },
    /// Reject a withdrawal before it is sent; the amount goes back to the user.
    Reject {
        id: String,
        /// account_closed, invalid_account, name_mismatch, bank_refused, compliance or
        /// user_request.
        #[arg(long)]
        reason: String,
    },
    /// Record that an approved withdrawal was sent, with the bank's reference.
    Send {
        id: String,
        #[arg(long)]
        reference: String,
    },
    /// Record the bank's confirmation of a sent payout.
    Complete { id: String },
    /// Record a payout the bank returned: the amount, fee included, goes back to the user and
    /// the bank account needs new details.
    Return {
        id: String,
        #[arg(long)]
        reason: String,
    },
}

#[derive(Subcommand)]
#[allow(clippy::large_enum_variant)] // parsed once, at start
enum AdminAction {
    /// Invite an operator of the console: prints the enrolment link (valid 24 hours, once)
    /// where they choose a password and bind an authenticator.
    CreateOperator {
        email: String,
        /// reviewer, finance or admin; repeat for several (default: admin).
        #[arg(long = "role")]
        roles: Vec<String>,
    },
    /// The operators' audit trail.
    Audit {
        #[command(subcommand)]
        action: server::ops_cli::AuditAction,
    },
    /// Credit a wire received at the platform's bank to the user its memo names (idempotent
    /// by the bank's reference); the user is mailed.
    CreditWire {
        /// The user's wire memo (9 characters, as the wire instructions show it), as the wire
        /// carried it; a mistyped one is refused by its check character.
        #[arg(long)]
        memo: String,
        /// In USD, e.g. 1000.00.
        #[arg(long)]
        amount: String,
        /// The bank's reference of the wire.
        #[arg(long)]
        reference: String,
    },
    /// Card BINs: the programmes cards are issued under.
    Bin {
        #[command(subcommand)]
        action: BinAction,
    },
    /// Identity verification: the review queue and decisions.
    Identity {
        #[command(subcommand)]
        action: IdentityAction,
    },
    /// The sanctions/PEP list names are screened against.
    Screening {
        #[command(subcommand)]
        action: ScreeningAction,
    },
    /// Cards.
    Card {
        #[command(subcommand)]
        action: server::admin_cards::CardCommand,
    },
    /// USD withdrawals: the queue, and each step an operator records.
    Withdrawal {
        #[command(subcommand)]
        action: WithdrawalAction,
    },
    /// The crypto wallet: chain settings, reference prices, withdrawals.
    Wallet {
        #[command(subcommand)]
        action: server::wallet_cli::WalletAction,
    },
    /// The exchange: moving prices, the pairs' terms.
    Exchange {
        #[command(subcommand)]
        action: server::exchange_cli::ExchangeAction,
    },
    /// The fixed-income fund: products, the accrual job, reconciling the figures.
    Fund {
        #[command(subcommand)]
        action: server::fund_cli::FundAction,
    },
    /// Expire the authorization holds the network neither cleared nor voided within
    /// FISCARD_AUTHORIZATION_HOLD_DAYS (the server does it on a timer): their money goes back to
    /// the cards. Safe to run at any time, and beside running servers.
    ExpireHolds,
    /// Copy the SQLite database, consistently, into a new FILE (safe beside running servers).
    /// On PostgreSQL use pg_dump.
    Backup { file: std::path::PathBuf },
    /// Replace the SQLite database with a backup FILE (the current one is copied aside first).
    /// Refused while a server runs on the database. On PostgreSQL use pg_restore.
    Restore { file: std::path::PathBuf },
    /// Recompute every balance from the ledger's entries and check that they all sum to zero,
    /// and every card's spending counters from its transactions (exit status 1 when not).
    LedgerCheck,
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    server::logging::init()?;
    // Parsed first: `--help` and a mistyped command end here, before the configuration (which
    // generates ./data secrets in local mode) is read.
    let command = Cli::parse().command.unwrap_or(Command::Serve);
    if let Command::Openapi = command {
        // Needs no configuration: the document is the code's.
        let document = server::openapi::openapi().to_pretty_json()?;
        std::io::Write::write_all(&mut std::io::stdout(), format!("{document}\n").as_bytes())?;
        return Ok(());
    }
    let config = server::config::Config::from_env()?;
    match command {
        Command::Serve => server::serve(config).await,
        Command::Admin {
            action: AdminAction::CreateOperator { email, roles },
        } => server::ops_cli::create_operator(&config, &email, &roles).await,
        Command::Admin {
            action: AdminAction::Audit { action },
        } => {
            if server::ops_cli::audit(&config, action).await? {
                Ok(())
            } else {
                std::process::exit(1)
            }
        }
        Command::Admin {
            action:
                AdminAction::CreditWire {
                    memo,
                    amount,
                    reference,
                },
        } => server::admin::credit_wire(&config, &memo, &amount, &reference).await,
        Command::Admin {
            action: AdminAction::Bin { action },
        } => match action {
            BinAction::Add(options) => server::admin::bin_add(&config, options).await,
            BinAction::Disable { bin } => server::admin::bin_disable(&config, &bin).await,
            BinAction::List => server::admin::bin_list(&config).await,
        },
        Command::Admin {
            action: AdminAction::Identity { action },
        } => identity_action(&config, action).await,
        Command::Admin {
            action:
                AdminAction::Screening {
                    action: ScreeningAction::Import { file },
                },
        } => server::admin_identity::screening_import(&config, &file).await,
        Command::Admin {
            action: AdminAction::Card { action },
        } => server::admin_cards::run(&config, action).await,
        Command::Openapi => unreachable!("answered before the configuration is read"),
        Command::Simulate { event } => match event {
            SimulateEvent::Purchase { payment, no_clear } => {
                server::simulate::purchase(&config, &payment.payment(), !no_clear).await
            }
            SimulateEvent::Refund { payment } => {
                server::simulate::refund(&config, &payment.payment()).await
            }
            SimulateEvent::Void { payment } => {
                server::simulate::void(&config, &payment.payment()).await
            }
            SimulateEvent::Chain { action } => server::wallet_cli::simulate(&config, action).await,
            SimulateEvent::Prices { ticks } => {
                server::exchange_cli::simulate_prices(&config, ticks).await
            }
            SimulateEvent::FundHolders { count, amount } => {
                server::fund_cli::simulate_holders(&config, count, &amount).await
            }
        },
        Command::Admin {
            action: AdminAction::Withdrawal { action },
        } => withdrawal_action(&config, action).await,
        Command::Admin {
            action: AdminAction::Wallet { action },
        } => server::wallet_cli::admin(&config, action).await,
        Command::Admin {
            action: AdminAction::Exchange { action },
        } => server::exchange_cli::admin(&config, action).await,
        Command::Admin {
            action: AdminAction::Fund { action },
        } => {
            if server::fund_cli::admin(&config, action).await? {
                Ok(())
            } else {
                std::process::exit(1)
            }
        }
        Command::Admin {
            action: AdminAction::ExpireHolds,
        } => server::admin::expire_holds(&config).await,
        Command::Admin {
            action: AdminAction::Backup { file },
        } => server::backup::backup(&config, &file),
        Command::Admin {
            action: AdminAction::Restore { file },
        } => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)?
                .as_secs();
            server::backup::restore(&config, &file, now)
        }
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

async fn identity_action(
    config: &server::config::Config,
    action: IdentityAction,
) -> anyhow::Result<()> {
    use server::admin_identity as review;
    use server::services::identity::Decision;
    match action {
        IdentityAction::SetStatus { email, status } => {
            server::admin::identity_set_status(config, &email, &status).await
        }
        IdentityAction::List => review::list(config).await,
        IdentityAction::Show {
            email,
            verification,
        } => review::show(config, &email, &verification).await,
        IdentityAction::File {
            email,
            verification,
            field,
            index,
            out,
        } => {
            let request = review::files::FileRequest {
                verification: review::parse_verification(&verification)?,
                email,
                field,
                index,
                out,
            };
            review::files::fetch(config, &request).await
        }
        IdentityAction::Approve {
            email,
            verification,
        } => {
            review::decide_from_command_line(config, &email, &verification, Decision::Approve).await
        }
        IdentityAction::Reject {
            email,
            verification,
            items,
            is_final,
        } => {
            let items = items
                .iter()
                .map(|i| review::parse_item(i))
                .collect::<anyhow::Result<Vec<_>>>()?;
            let kind = if is_final {
                domain::review::RejectionKind::Final
            } else {
                domain::review::RejectionKind::Retry
            };
            review::decide_from_command_line(
                config,
                &email,
                &verification,
                Decision::Reject { kind, items },
            )
            .await
        }
    }
}

async fn withdrawal_action(
    config: &server::config::Config,
    action: WithdrawalAction,
) -> anyhow::Result<()> {
    use server::admin_withdrawals::{self as payouts, Step, parse_reason};
    let (id, step) = match action {
        WithdrawalAction::List { status } => return payouts::list(config, status.as_deref()).await,
        WithdrawalAction::Approve { id } => (id, Step::Approve),
        WithdrawalAction::Reject { id, reason } => (id, Step::Reject(parse_reason(&reason)?)),
        WithdrawalAction::Send { id, reference } => (id, Step::Send(reference)),
        WithdrawalAction::Complete { id } => (id, Step::Complete),
        WithdrawalAction::Return { id, reason } => (id, Step::Return(parse_reason(&reason)?)),
    };
    payouts::decide(config, &id, step).await
}
