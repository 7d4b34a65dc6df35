//! An S3-compatible store for `make test-scale`: s3s-fs (the crate the API suite's S3 tests use)
//! over a folder, with one access key, on a loopback port. Each folder in ROOT is a bucket.
//!
//! `cargo run -p server --example s3_server -- <root folder> <port> <access key> <secret key>`

use anyhow::Context;

#[tokio::main(flavor = "multi_thread", worker_threads = 1)]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let (Some(root), Some(port), Some(access), Some(secret)) =
        (args.next(), args.next(), args.next(), args.next())
    else {
        anyhow::bail!("usage: s3_server <root folder> <port> <access key> <secret key>");
    };
    let fs = s3s_fs::FileSystem::new(&root)
        .map_err(|e| anyhow::anyhow!("s3s-fs over the root folder: {e:?}"))?;
    let mut builder = s3s::service::S3ServiceBuilder::new(fs);
    builder.set_auth(s3s::auth::SimpleAuth::from_single(access, secret));
    let service = builder.build();
    let listener = tokio::net::TcpListener::bind(format!("127.0.0.1:{port}"))
        .await
        .with_context(|| format!("binding 127.0.0.1:{port}"))?;
    println!("s3 store on http://127.0.0.1:{port} over {root}");
    let http = hyper_util::server::conn::auto::Builder::new(hyper_util::rt::TokioExecutor::new());
    loop {
        let Ok((socket, _)) = listener.accept().await else {
            continue;
        };
        let connection = http
            .serve_connection(hyper_util::rt::TokioIo::new(socket), service.clone())
            .into_owned();
        tokio::spawn(async move {
            let _ = connection.await;
        });
    }
}
