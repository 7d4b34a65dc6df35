//! The real `fiscard` binary as a child process (what a deployment runs): its own data folder
//! and SQLite file, its log read line by line, plain HTTP/1.1 over a socket so a test can hold
//! a request half-sent.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// A running `fiscard serve`.
pub struct Process {
    child: Child,
    pub address: SocketAddr,
    /// Every line it has written to stderr so far.
    log: Arc<Mutex<Vec<String>>>,
    _dir: tempfile::TempDir,
}

impl Process {
    /// Starts the server with `env` on top of a local test configuration and waits until it
    /// listens.
    pub fn start(env: &[(&str, &str)]) -> Process {
        let dir = tempfile::tempdir().expect("temporary folder");
        let data = dir.path().join("data");
        let mut command = Command::new(env!("CARGO_BIN_EXE_fiscard"));
        command
            .arg("serve")
            .current_dir(dir.path())
            .env_remove("DATABASE_URL")
            .env_remove("FISCARD_LOG_FORMAT")
            .env("FISCARD_DATA_DIR", &data)
            .env("FISCARD_WEB_DIR", dir.path().join("web"))
            .env("FISCARD_BIND", "127.0.0.1:0")
            .env("FISCARD_PRICE_FEED", "off")
            .env("FISCARD_LOG", "info")
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command.spawn().expect("fiscard starts");
        let stderr = child.stderr.take().expect("its stderr");
        let log = Arc::new(Mutex::new(Vec::new()));
        let lines = log.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                lines
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(line);
            }
        });
        let mut process = Process {
            child,
            address: SocketAddr::from(([127, 0, 0, 1], 0)),
            log,
            _dir: dir,
        };
        process.address = process.address_logged("fiscard is listening");
        process
    }

    /// The `127.0.0.1:port` of the first log line that says `message` (waits up to 60 s).
    pub fn address_logged(&mut self, message: &str) -> SocketAddr {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let found = self.log().into_iter().find(|l| l.contains(message));
            if let Some(line) = found {
                let at = line.find("127.0.0.1:").expect("an address in the line");
                let text: String = line[at..]
                    .chars()
                    .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ':')
                    .collect();
                return text.parse().expect("a socket address");
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!(
                    "fiscard exited ({status}) before {message:?}:\n{}",
                    self.log().join("\n")
                );
            }
            assert!(
                Instant::now() < deadline,
                "no {message:?} in 60 s:\n{}",
                self.log().join("\n")
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn log(&self) -> Vec<String> {
        self.log
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Sends SIGTERM, as an orchestrator stopping the instance does.
    pub fn terminate(&self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
    }

    /// Waits for the process to end (up to `limit`).
    pub fn wait(&mut self, limit: Duration) -> ExitStatus {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().expect("the child's status") {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "fiscard did not exit within {limit:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer read off the socket.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    /// Header names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Writes a request's head (and `Connection: close`) with `extra` headers.
pub fn send_head(stream: &mut TcpStream, method: &str, path: &str, extra: &[(&str, &str)]) {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for (name, value) in extra {
        for part in [name, ": ", value, "\r\n"] {
            head.push_str(part);
        }
    }
    head.push_str("\r\n");
    stream
        .write_all(head.as_bytes())
        .expect("the request's head is sent");
}

/// Reads the whole answer (the server closes the connection after it).
pub fn read_answer(stream: &mut TcpStream) -> Answer {
    read_answer_or(stream, String::new)
}

/// [`read_answer`], saying `context()` when there is none.
pub fn read_answer_or(stream: &mut TcpStream, context: impl Fn() -> String) -> Answer {
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("a read timeout");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("the answer is read");
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no answer: {text:?}\n{}", context()));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    Answer {
        status,
        headers,
        body: body.to_owned(),
    }
}

/// `GET path` with `extra` headers.
pub fn get(address: SocketAddr, path: &str, extra: &[(&str, &str)]) -> Answer {
    let mut stream = TcpStream::connect(address).expect("the server accepts");
    send_head(&mut stream, "GET", path, extra);
    read_answer(&mut stream)
}
