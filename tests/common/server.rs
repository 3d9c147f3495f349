//! `sat2chess serve` as the tests run it: started on a free port, stopped when dropped,
//! spoken to over plain HTTP/1.1.

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpStream;
use std::process::{Child, Stdio};

use super::command;

/// A running server, stopped when dropped (also on a failed assertion).
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT`, without a trailing slash.
    pub url: String,
}

impl Server {
    /// Starts `sat2chess serve ARGS --port 0` and waits until it listens.
    pub fn start(args: &[&str]) -> Server {
        let mut all = vec!["serve"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--port", "0"]);
        let mut child = command(&all)
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut stderr = BufReader::new(child.stderr.take().expect("piped"));
        let mut said = String::new();
        let url = loop {
            let mut line = String::new();
            let read = stderr.read_line(&mut line).expect("the server's stderr");
            said.push_str(&line);
            if read == 0 {
                let _ = child.kill();
                panic!("the server stopped before listening: {said}");
            }
            if let Some(url) = line.split_whitespace().find(|w| w.starts_with("http://")) {
                break url.trim_end_matches('/').to_owned();
            }
        };
        Server { child, url }
    }

    /// `GET path`: the status and the body.
    pub fn get(&self, path: &str) -> (u16, String) {
        self.request(&format!("GET {path} HTTP/1.1\r\n"), "")
    }

    /// `POST path` with a JSON body: the status and the body.
    pub fn post(&self, path: &str, json: &serde_json::Value) -> (u16, String) {
        let body = json.to_string();
        let head = format!(
            "POST {path} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        );
        self.request(&head, &body)
    }

    fn request(&self, head: &str, body: &str) -> (u16, String) {
        let address = self.url.trim_start_matches("http://");
        let mut stream = TcpStream::connect(address).expect("the server accepts");
        write!(
            stream,
            "{head}Host: {address}\r\nConnection: close\r\n\r\n{body}"
        )
        .expect("the request is sent");
        let mut response = String::new();
        stream
            .read_to_string(&mut response)
            .expect("the server answers");
        let (headers, body) = response
            .split_once("\r\n\r\n")
            .unwrap_or_else(|| panic!("no end of headers in {response:?}"));
        assert!(
            !headers
                .to_ascii_lowercase()
                .contains("transfer-encoding: chunked"),
            "a chunked answer: {headers}"
        );
        let status = headers
            .split_whitespace()
            .nth(1)
            .and_then(|code| code.parse().ok())
            .unwrap_or_else(|| panic!("no status in {headers:?}"));
        (status, body.to_owned())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
