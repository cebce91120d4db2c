//! The HTTP server: the routes (pages from the embedded assets, `POST /api/<command>`,
//! `GET /api/openapi.json`), the limits every request runs under, and graceful shutdown.
//!
//! Limits: a body of at most [`ServerConfig::body_limit`] bytes (413 beyond); the command's
//! work on a blocking thread (`spawn_blocking`) with at most [`ServerConfig::workers`] at once
//! and at most [`ServerConfig::queue`] requests waiting for one (503 with a sentence when the
//! queue is full: nothing queues without bound); each request within
//! [`ServerConfig::time_budget`] (503 beyond it, and the command's stop flag is raised so the
//! libraries that take one stop; the worker slot stays taken until the computation ends, so a
//! runaway request cannot multiply). A panic anywhere becomes a 500 with a sentence
//! (tower-http's `CatchPanicLayer`), and the server keeps serving. On Ctrl-C or SIGTERM the
//! server stops accepting, gives the requests in flight [`SHUTDOWN_GRACE`] to finish, and
//! returns without waiting for blocking work still running (the process then exits).

use std::future::Future;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;

use crate::api::{self, Control};
use crate::assets;
use crate::error::ApiError;
use crate::game_cache::GameCache;

/// How long [`run_until_interrupted`] lets the requests in flight finish after Ctrl-C or
/// SIGTERM before it returns anyway.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(1);

/// The limits of a server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerConfig {
    /// The largest request body, in bytes.
    pub body_limit: usize,
    /// The longest a request may take, waiting and computing.
    pub time_budget: Duration,
    /// Commands computed at once (each on a blocking thread).
    pub workers: usize,
    /// Requests that may wait for a worker; one more is answered 503 at once.
    pub queue: usize,
}

impl Default for ServerConfig {
    /// 1 MiB bodies, 10 s per request, two workers per core, 64 waiting.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        ServerConfig {
            body_limit: 1 << 20,
            time_budget: Duration::from_secs(10),
            workers: 2 * cores,
            queue: 64,
        }
    }
}

#[derive(Clone)]
struct AppState {
    config: Arc<ServerConfig>,
    running: Arc<Semaphore>,
    waiting: Arc<Semaphore>,
    games: Arc<GameCache>,
}

/// The routes of the server, without the panic guard (see [`guard`]); [`app`] is both.
///
/// ```
/// let router: axum::Router = sprague_web::routes(sprague_web::ServerConfig::default());
/// ```
pub fn routes(config: ServerConfig) -> Router {
    routes_with_games(config, GameCache::new())
}

/// [`routes`] answering from `games`, a cache that may hold pinned games (a user's game
/// served from Python, see [`GameCache::pin`]).
///
/// ```
/// let games = sprague_web::game_cache::GameCache::new();
/// let router: axum::Router = sprague_web::routes_with_games(sprague_web::ServerConfig::default(), games);
/// ```
pub fn routes_with_games(config: ServerConfig, games: GameCache) -> Router {
    let state = AppState {
        running: Arc::new(Semaphore::new(config.workers.max(1))),
        waiting: Arc::new(Semaphore::new(config.queue)),
        config: Arc::new(config.clone()),
        games: Arc::new(games),
    };
    Router::new()
        .route("/api/openapi.json", get(openapi))
        .route(
            "/api/{*command}",
            post(command).fallback(wrong_method_on_api),
        )
        .fallback(asset)
        .layer(DefaultBodyLimit::max(config.body_limit))
        .with_state(state)
}

/// Wraps `router` in the last guard: a panic in a handler answers 500 with a sentence and the
/// server goes on serving.
///
/// ```
/// let router = sprague_web::guard(axum::Router::new());
/// ```
pub fn guard(router: Router) -> Router {
    router.layer(CatchPanicLayer::custom(|_panic: Box<dyn std::any::Any + Send>| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the server failed on this request (a bug: please report the request); it goes on serving others",
        )
        .into_response()
    }))
}

/// The whole application: [`routes`] inside [`guard`].
///
/// ```
/// let app = sprague_web::app(sprague_web::ServerConfig::default());
/// ```
pub fn app(config: ServerConfig) -> Router {
    guard(routes(config))
}

/// A server running on a thread of its own, for a host that goes on working meanwhile (the
/// Python module's `sprague.serve(game)` in a notebook). Dropping it, or [`stop`], stops it:
/// the requests in flight get [`SHUTDOWN_GRACE`], then the thread ends.
///
/// [`stop`]: BackgroundServer::stop
pub struct BackgroundServer {
    address: SocketAddr,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl BackgroundServer {
    /// Binds `host:port` (port 0 picks a free one) and serves [`guard`]ed
    /// [`routes_with_games`] until stopped.
    ///
    /// # Errors
    /// The runtime could not start or the address could not be bound.
    ///
    /// ```
    /// use sprague_web::{game_cache::GameCache, BackgroundServer, ServerConfig};
    /// let server = BackgroundServer::start("127.0.0.1", 0, ServerConfig::default(), GameCache::new()).unwrap();
    /// assert!(server.address().port() > 0);
    /// server.stop();
    /// ```
    pub fn start(
        host: &str,
        port: u16,
        config: ServerConfig,
        games: GameCache,
    ) -> std::io::Result<BackgroundServer> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()?;
        let listener = runtime.block_on(tokio::net::TcpListener::bind((host, port)))?;
        let address = listener.local_addr()?;
        let (shutdown, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("sprague-web".to_string())
            .spawn(move || {
                runtime.block_on(async move {
                    let server = axum::serve(listener, guard(routes_with_games(config, games)))
                        .with_graceful_shutdown(async move {
                            let _ = stopped.await;
                        });
                    // A failed accept loop ends the thread; the host sees requests refused.
                    let _ = server.await;
                });
                runtime.shutdown_timeout(SHUTDOWN_GRACE);
            })?;
        Ok(BackgroundServer {
            address,
            shutdown: Some(shutdown),
            thread: Some(thread),
        })
    }

    /// The address the server listens on.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Stops the server and waits for its thread (at most about [`SHUTDOWN_GRACE`] once the
    /// requests in flight have seen their stop flags).
    pub fn stop(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for BackgroundServer {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// Serves [`app`] on `listener` until `shutdown` completes, then finishes the requests in
/// flight (graceful shutdown).
///
/// ```no_run
/// # async fn example() -> std::io::Result<()> {
/// let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
/// sprague_web::serve(listener, sprague_web::ServerConfig::default(), std::future::pending()).await
/// # }
/// ```
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, app(config))
        .with_graceful_shutdown(shutdown)
        .await
}

/// Binds `host:port` (port 0 picks a free one), calls `on_bound` with the address, and serves
/// until Ctrl-C or a termination signal, on a runtime of its own: the command line's
/// `sprague serve`. After the signal the requests in flight have [`SHUTDOWN_GRACE`] to
/// finish; then it returns, and the runtime is shut down without waiting for blocking work
/// (a computation that has not yet seen its stop flag does not keep the process alive).
///
/// ```no_run
/// sprague_web::run_until_interrupted("127.0.0.1", 8080, |address| {
///     println!("http://{address}/");
/// })?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn run_until_interrupted(
    host: &str,
    port: u16,
    on_bound: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((host, port)).await?;
        on_bound(listener.local_addr()?);
        let begin_shutdown = Arc::new(tokio::sync::Notify::new());
        let notified = Arc::clone(&begin_shutdown);
        let server = serve(listener, ServerConfig::default(), async move {
            notified.notified().await;
        });
        tokio::pin!(server);
        tokio::select! {
            result = &mut server => return result,
            () = interrupted() => {}
        }
        // notify_one keeps a permit if the shutdown future is not waiting yet.
        begin_shutdown.notify_one();
        tokio::time::timeout(SHUTDOWN_GRACE, server)
            .await
            .unwrap_or(Ok(()))
    });
    runtime.shutdown_timeout(Duration::from_millis(100));
    served
}

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM.
async fn interrupted() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

async fn openapi() -> Response {
    Json(crate::openapi::document()).into_response()
}

async fn asset(uri: Uri) -> Response {
    match assets::find(uri.path()) {
        Some(found) => ([(header::CONTENT_TYPE, found.content_type)], found.bytes).into_response(),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            format!("there is no page or file at {}", uri.path()),
        )
        .into_response(),
    }
}

async fn wrong_method_on_api(Path(name): Path<String>) -> Response {
    if api::endpoint(&name).is_some() {
        ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            format!("/api/{name} answers POST with a JSON body, not this method"),
        )
        .into_response()
    } else {
        unknown_command(&name).into_response()
    }
}

fn unknown_command(name: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "there is no command /api/{name}; the commands are {} (see /api/openapi.json)",
            api::ENDPOINTS
                .iter()
                .map(|endpoint| endpoint.path)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )
}

async fn command(
    State(state): State<AppState>,
    Path(name): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    match answer(&state, &name, body).await {
        Ok(value) => Json(value).into_response(),
        Err(error) => error.into_response(),
    }
}

async fn answer(
    state: &AppState,
    name: &str,
    body: Result<Bytes, BytesRejection>,
) -> Result<serde_json::Value, ApiError> {
    let endpoint = api::endpoint(name).ok_or_else(|| unknown_command(name))?;
    let body = body.map_err(|rejection| body_rejected(state, &rejection))?;
    let budget = state.config.time_budget;
    let started = Instant::now();
    let Ok(waiting) = Arc::clone(&state.waiting).try_acquire_owned() else {
        return Err(busy());
    };
    let running = tokio::time::timeout(budget, Arc::clone(&state.running).acquire_owned())
        .await
        .map_err(|_| busy())?
        .map_err(|_| busy())?;
    drop(waiting);
    let control = Control {
        stop: Arc::new(AtomicBool::new(false)),
        deadline: started + budget,
        games: Arc::clone(&state.games),
    };
    let stop = Arc::clone(&control.stop);
    let task = tokio::task::spawn_blocking(move || {
        let _slot = running;
        (endpoint.run)(&body, &control)
    });
    let remaining = budget.saturating_sub(started.elapsed());
    match tokio::time::timeout(remaining, task).await {
        Ok(Ok(result)) => result,
        Ok(Err(_)) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("/api/{name} failed on this request (a bug: please report the request); the server goes on serving others"),
        )),
        Err(_) => {
            stop.store(true, Ordering::SeqCst);
            Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "/api/{name} took longer than the {} s this server gives a request; ask for less (a smaller bound, fewer strategies or repetitions)",
                    budget.as_secs_f64()
                ),
            ))
        }
    }
}

fn busy() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "the server is busy with other requests; try again in a moment",
    )
}

fn body_rejected(state: &AppState, rejection: &BytesRejection) -> ApiError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the request body is larger than the {} bytes this server reads",
                state.config.body_limit
            ),
        )
    } else {
        ApiError::new(
            rejection.status(),
            format!(
                "the request body could not be read: {}",
                rejection.body_text()
            ),
        )
    }
}
