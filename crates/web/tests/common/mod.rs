//! The tests' server: `sprague_web` on 127.0.0.1, port 0, in this process, on a runtime of its
//! own, stopped (gracefully) when dropped.

#![allow(dead_code)] // each test file uses its own subset

pub mod http;

use std::net::SocketAddr;

/// A running server.
pub struct TestServer {
    pub address: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    runtime: Option<tokio::runtime::Runtime>,
}

impl TestServer {
    /// Serves `router` on a free port.
    pub fn start_router(router: axum::Router) -> TestServer {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .expect("a free port");
        let address = listener.local_addr().expect("an address");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        runtime.spawn(async move {
            let _ = axum::serve(listener, router)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await;
        });
        TestServer {
            address,
            stop: Some(stop),
            runtime: Some(runtime),
        }
    }

    /// Serves the whole application with `config`.
    pub fn start(config: sprague_web::ServerConfig) -> TestServer {
        TestServer::start_router(sprague_web::app(config))
    }

    /// Serves the whole application with the default limits.
    pub fn default() -> TestServer {
        TestServer::start(sprague_web::ServerConfig::default())
    }

    /// `POST /api/{command}`.
    pub fn post(&self, command: &str, body: &str) -> http::Answer {
        http::post(self.address, command, body)
    }

    /// `POST /api/{command}` that must answer 200 with JSON.
    pub fn ok(&self, command: &str, body: &str) -> serde_json::Value {
        let answer = self.post(command, body);
        assert_eq!(answer.status, 200, "{command} {body}: {}", answer.text());
        answer.json()
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> http::Answer {
        http::get(self.address, path)
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_timeout(std::time::Duration::from_secs(5));
        }
    }
}

/// Asserts a 4xx answer whose body is `{"error": "one sentence"}`; returns the sentence.
pub fn client_error(answer: &http::Answer, what: &str) -> String {
    assert!(
        (400..500).contains(&answer.status),
        "{what}: expected a 4xx, got {} {}",
        answer.status,
        answer.text()
    );
    let body = answer.json();
    let sentence = body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{what}: no error sentence in {body}"))
        .to_string();
    assert!(
        !sentence.is_empty() && !sentence.contains('\n'),
        "{what}: {sentence:?}"
    );
    assert_eq!(body.as_object().map(|o| o.len()), Some(1), "{what}: {body}");
    sentence
}
