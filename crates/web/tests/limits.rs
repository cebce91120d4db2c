//! The server's limits over a real socket: every bad body of every endpoint gets a 4xx with
//! one sentence (never a 5xx), oversized bodies 413, wrong methods 405, unknown commands and
//! pages 404; a request past its time budget 503 and its computation stopped; a full server
//! 503 at once; a panic 500 — and after each, the server still answers.

mod common;

use std::time::{Duration, Instant};

use common::{client_error, http, TestServer};
use sprague_web::api::ENDPOINTS;
use sprague_web::ServerConfig;

/// The bodies a careless or hostile client may send.
fn bad_bodies() -> Vec<(&'static str, String)> {
    let deep = format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000));
    let deep_object = format!(
        "{{\"game\": {}\"x\"{}}}",
        "{\"a\": ".repeat(5_000),
        "}".repeat(5_000)
    );
    vec![
        ("malformed JSON", "{\"game\": ".to_string()),
        ("not JSON at all", "kayles please".to_string()),
        ("an array", "[1, 2, 3]".to_string()),
        ("a string", "\"kayles\"".to_string()),
        ("null", "null".to_string()),
        ("deep nesting", deep),
        ("deep nesting in a field", deep_object),
        ("wrong types", r#"{"game": 5, "position": "3", "to": [], "expression": {}, "first": 1, "patterns": "0.?", "tree": 1, "strategies": 7}"#.to_string()),
        ("huge numbers", r#"{"to": 1e400, "turns": 99999999999999999999999999, "rounds": -1, "label": 1e308, "seed": 3.5}"#.to_string()),
        ("unknown field", r#"{"rm_rf": true}"#.to_string()),
        ("invalid UTF-8", String::from_utf8_lossy(b"{\"game\": \"\xff\xfe\"}").into_owned() + "\u{0}"),
        ("trailing garbage", r#"{} {}"#.to_string()),
    ]
}

/// After a request was stopped by the budget, the server's one worker answers a cheap request
/// again within `within`: asked every 50 ms (a loaded machine may finish the last step late).
fn assert_worker_freed(server: &TestServer, what: &str, within: Duration) {
    let freed = Instant::now();
    let next = loop {
        let next = server.post("nimber", r#"{"expression": "3 * 3"}"#);
        if next.status == 200 || freed.elapsed() > within {
            break next;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(
        next.status,
        200,
        "{what}: the worker was not freed within {within:?}: {}",
        next.text()
    );
    assert_eq!(next.json()["value"], 2);
}

#[test]
fn every_bad_body_of_every_endpoint_is_a_4xx_sentence_and_the_server_keeps_serving() {
    let server = TestServer::default();
    for endpoint in ENDPOINTS {
        for (what, body) in bad_bodies() {
            let answer = server.post(endpoint.path, &body);
            if answer.status == 200 {
                // A body with nothing wrong for this endpoint (e.g. ipd/strategies ignores
                // nothing: it must then be a valid empty request) — only `{}`-like bodies.
                panic!("{} accepted {what}: {}", endpoint.path, answer.text());
            }
            client_error(&answer, &format!("{} with {what}", endpoint.path));
        }
    }
    // Depth where a field takes any JSON (serde_json's recursion limit): 400.
    for (command, field) in [("values", "to"), ("nash", "matrices"), ("survey", "budget")] {
        let body = format!(
            "{{\"{field}\": {}{}}}",
            "[".repeat(5_000),
            "]".repeat(5_000)
        );
        let answer = server.post(command, &body);
        assert_eq!(answer.status, 400, "{command}: {}", answer.text());
        assert!(client_error(&answer, command).contains("nests too deeply"));
    }
    // Raw bytes that are not UTF-8 at all.
    let raw = http::request(
        server.address,
        "POST",
        "/api/values",
        b"{\"game\": \"\xff\"}",
    );
    client_error(&raw, "non-UTF-8 bytes");
    assert_eq!(
        server.ok("nimber", r#"{"expression": "2 * 3"}"#)["value"],
        1
    );
}

#[test]
fn library_refusals_are_422_with_the_cli_sentence() {
    let server = TestServer::default();
    let cases = [
        ("values", r#"{"game": "kayle"}"#, "kayle"),
        ("values", r#"{"game": "kayles", "to": "2^64"}"#, "heap size"),
        ("values", r#"{"game": "kayles", "to": 1000000}"#, "at most"),
        ("analyze", r#"{"game": "nim", "position": ["-3"]}"#, "-3"),
        ("nimber", r#"{"expression": "3 +"}"#, ""),
        ("table", r#"{"game": "wythoff", "to": 100000}"#, "at most"),
        ("survey", r#"{"patterns": ["0.???"]}"#, "at most"),
        (
            "survey",
            r#"{"patterns": ["0.?"], "seconds": -1}"#,
            "seconds",
        ),
        ("nash", r#"{"game": "no-such-game"}"#, "no-such-game"),
        ("nash", r#"{}"#, "exactly one"),
        (
            "nash",
            r#"{"game": "prisoners-dilemma", "nfg": "NFG"}"#,
            "exactly one",
        ),
        (
            "nash",
            r#"{"nfg": "NFG 1 R \"x\" { \"1\" \"2\" } { 100000 100000 }"}"#,
            "",
        ),
        ("zerosum", r#"{"game": "prisoners-dilemma"}"#, ""),
        ("coop/shapley", r#"{"game": "glove:100000000000,1"}"#, ""),
        (
            "coop/in-core",
            r#"{"game": "glove:1,2", "allocation": "x"}"#,
            "",
        ),
        (
            "ipd/match",
            r#"{"first": "Nobody", "second": "Defector"}"#,
            "Nobody",
        ),
        (
            "ipd/match",
            r#"{"first": "TitForTat", "second": "Defector", "noise": 2}"#,
            "noise",
        ),
        ("ipd/tournament", r#"{"strategies": ["TitForTat"]}"#, "two"),
        (
            "ipd/tournament",
            r#"{"repetitions": 100000000}"#,
            "repetitions",
        ),
        ("tree/solve", r#"{"tree": "{"}"#, ""),
        ("tree/repeated-pd", r#"{"rounds": 0}"#, "rounds"),
        (
            "play",
            r#"{"game": "nim", "position": ["3"], "move": "3->5"}"#,
            "",
        ),
    ];
    for (command, body, quoted) in cases {
        let answer = server.post(command, body);
        assert_eq!(answer.status, 422, "{command} {body}: {}", answer.text());
        let sentence = client_error(&answer, command);
        assert!(sentence.contains(quoted), "{command}: {sentence}");
    }
}

#[test]
fn an_oversized_body_is_413_and_the_connection_does_not_hurt_the_server() {
    let server = TestServer::default();
    let big = format!("{{\"game\": \"{}\"}}", "k".repeat(2 << 20));
    let answer = server.post("values", &big);
    assert_eq!(answer.status, 413, "{}", answer.text());
    assert!(client_error(&answer, "oversized").contains("larger than"));
    assert_eq!(
        server.ok("nimber", r#"{"expression": "1 + 1"}"#)["value"],
        0
    );
}

#[test]
fn methods_commands_and_pages_are_checked() {
    let server = TestServer::default();
    let wrong_method = server.get("/api/values");
    assert_eq!(wrong_method.status, 405);
    assert!(client_error(&wrong_method, "GET").contains("POST"));
    let delete = http::request(server.address, "DELETE", "/api/nash", b"");
    assert_eq!(delete.status, 405);
    let unknown = server.post("nope", "{}");
    assert_eq!(unknown.status, 404);
    assert!(client_error(&unknown, "unknown").contains("values"));
    let post_openapi = server.post("openapi.json", "{}");
    assert_eq!(post_openapi.status, 405, "{}", post_openapi.text());

    let index = server.get("/");
    assert_eq!(index.status, 200);
    assert_eq!(
        index.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(index.text().contains("<title>"));
    assert_eq!(server.get("/index").body, index.body);
    assert_eq!(server.get("/index.html").body, index.body);
    for path in [
        "/missing",
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/assets/index.html",
    ] {
        let answer = server.get(path);
        assert_eq!(answer.status, 404, "{path}");
        client_error(&answer, path);
    }
    // Every embedded file is served with a type by its extension.
    for path in sprague_web::assets::paths() {
        let answer = server.get(&format!("/{path}"));
        assert_eq!(answer.status, 200, "{path}");
        assert!(answer.header("content-type").is_some(), "{path}");
    }
}

#[test]
fn a_request_past_its_time_budget_is_503_and_its_sweep_stops() {
    let server = TestServer::start(ServerConfig {
        time_budget: Duration::from_millis(300),
        workers: 1,
        ..ServerConfig::default()
    });
    // Grundy's game to 2^30 takes minutes; the summary lists nothing, so only time limits it.
    let started = Instant::now();
    let answer = server.post(
        "values",
        r#"{"game": "grundy", "to": "2^30", "summary": true, "no_period": true}"#,
    );
    assert_eq!(answer.status, 503, "{}", answer.text());
    assert!(answer.json()["error"]
        .as_str()
        .unwrap()
        .contains("longer than"));
    assert!(started.elapsed() < Duration::from_secs(5));
    // The only worker is free again once the sweep has seen its stop flag: a small request
    // (which waits at most the budget for a worker) answers.
    assert_worker_freed(&server, "values", Duration::from_secs(10));
    // A tournament is stopped the same way.
    let tournament = server.post("ipd/tournament", r#"{"repetitions": 300, "turns": 10000}"#);
    assert_eq!(tournament.status, 503, "{}", tournament.text());
}

#[test]
fn a_full_server_answers_503_at_once_instead_of_queueing() {
    let server = TestServer::start(ServerConfig {
        time_budget: Duration::from_secs(2),
        workers: 1,
        queue: 0,
        ..ServerConfig::default()
    });
    let address = server.address;
    let slow = std::thread::spawn(move || {
        http::post(
            address,
            "values",
            r#"{"game": "grundy", "to": "2^30", "summary": true, "no_period": true}"#,
        )
    });
    std::thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    let busy = server.post("nimber", r#"{"expression": "1"}"#);
    assert_eq!(busy.status, 503, "{}", busy.text());
    assert!(busy.json()["error"].as_str().unwrap().contains("busy"));
    assert!(started.elapsed() < Duration::from_millis(500));
    assert_eq!(slow.join().unwrap().status, 503);
}

#[test]
fn a_panic_is_a_500_sentence_and_the_server_keeps_serving() {
    let router = sprague_web::routes(ServerConfig::default()).route(
        "/boom",
        axum::routing::get(|| async {
            let nothing: Option<String> = std::hint::black_box(None);
            nothing.expect("a test panic")
        }),
    );
    let server = TestServer::start_router(sprague_web::guard(router));
    let answer = server.get("/boom");
    assert_eq!(answer.status, 500);
    assert!(answer.json()["error"]
        .as_str()
        .unwrap()
        .contains("goes on serving"));
    assert_eq!(
        server.ok("nimber", r#"{"expression": "2 + 3"}"#)["value"],
        1
    );
}

/// A name read from a game file, 30 KB of escape sequences: the library's message quotes it
/// shortened and escaped (`sprague_textfile::quoted`) at the source, so the web sentence,
/// which no command-line guard passes, is bounded and holds no control character.
#[test]
fn a_name_from_a_game_file_is_quoted_shortened_and_escaped() {
    let server = TestServer::default();
    let name = "\u{1b}[2J\u{7}x".repeat(5_000);
    assert!(name.len() >= 30_000);
    let flat_tree = serde_json::json!({
        "players": ["A"],
        "root": "r",
        "nodes": {"r": {"player": "A", "moves": [{"label": "x", "node": name}]}},
    })
    .to_string();
    let dangling_efg = format!(
        "EFG 2 R \"t\" {{ \"A\" \"B\" }} \"\"\np \"{name}\" 1 1 \"\" {{ \"H\" \"T\" }} 0\nt \"\" 1 \"w\" {{ 1, -1 }}\n"
    );
    let coalition = serde_json::json!({
        "players": ["A", "B"],
        "values": {"A": 0, "B": 0, "A,B": 1, name.clone(): 1},
    })
    .to_string();
    for (what, command, body) in [
        (
            "an undefined node of a flat tree",
            "tree/solve",
            serde_json::json!({ "tree": flat_tree }),
        ),
        (
            "a dangling node of an .efg tree",
            "tree/solve",
            serde_json::json!({ "tree": dangling_efg }),
        ),
        (
            "an unknown player in a coalition table",
            "coop/shapley",
            serde_json::json!({ "game": coalition }),
        ),
    ] {
        let answer = server.post(command, &body.to_string());
        let sentence = client_error(&answer, what);
        assert!(
            sentence.chars().count() <= 400,
            "{what}: {} characters: {}",
            sentence.chars().count(),
            sentence.chars().take(200).collect::<String>()
        );
        assert!(
            !sentence.chars().any(char::is_control),
            "{what}: a raw control character in {sentence:?}"
        );
        assert!(
            sentence.contains("\\u{1b}[2J\\u{7}x"),
            "{what}: the name is not shown escaped: {sentence:?}"
        );
    }
}

/// Issue 18, arithmetic on numbers from the user: every numeric field of every endpoint (from
/// the documented field tables) at the edge numbers, in the endpoint's example body, is
/// answered (200) or refused in one sentence (4xx; 503 when the request's time ran out),
/// never a 5xx of a panic, and the server keeps serving.
#[test]
fn every_numeric_field_at_the_edge_numbers_is_answered_or_refused() {
    let server = TestServer::start(ServerConfig {
        time_budget: Duration::from_secs(3),
        ..ServerConfig::default()
    });
    let numbers = [
        "0",
        "1",
        "2147483648",
        "4294967296",
        "9007199254740993",
        "9223372036854775807",
        "9223372036854775808",
        "18446744073709551615",
        "-1",
        "-9223372036854775808",
        "-9223372036854775809",
        "1e300",
    ];
    let mut cases = 0;
    for endpoint in ENDPOINTS {
        let numeric = endpoint
            .fields
            .iter()
            .filter(|field| field.kind.contains("integer") || field.kind.contains("number"));
        for field in numeric {
            for number in numbers {
                let mut body: serde_json::Value =
                    serde_json::from_str(endpoint.example).expect("the example is JSON");
                body[field.name] = serde_json::Value::String("@EDGE@".into());
                let body = body.to_string().replace("\"@EDGE@\"", number);
                let answer = server.post(endpoint.path, &body);
                let what = format!("{} with {} = {number}", endpoint.path, field.name);
                cases += 1;
                match answer.status {
                    200 => {}
                    503 => assert!(
                        client_error_5xx(&answer).contains("ran out of the time"),
                        "{what}: {}",
                        answer.text()
                    ),
                    _ => {
                        client_error(&answer, &what);
                    }
                }
            }
        }
    }
    assert!(
        cases > 100,
        "only {cases} cases: are the numeric fields documented?"
    );
    println!("{cases} requests with edge numbers");
    assert_eq!(
        server.ok("nimber", r#"{"expression": "2 * 3"}"#)["value"],
        1
    );
}

/// The sentence of a 5xx answer.
fn client_error_5xx(answer: &http::Answer) -> String {
    answer.json()["error"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Issue 28: the strategic solvers stop when the request's budget ends, so the worker is free
/// again at once (a server of one worker answers the next cheap request with 200, not "busy").
#[test]
fn a_strategic_request_past_its_budget_is_503_and_frees_its_worker_at_once() {
    let server = TestServer::start(ServerConfig {
        time_budget: Duration::from_millis(400),
        workers: 1,
        ..ServerConfig::default()
    });
    // A degenerate 200×200 game: exact lexicographic pivoting takes more than 4 s on it even
    // in the optimised build the test command uses (seed 28, used before, ends in 0.4 s
    // there), and so does the exact simplex method on its zero-sum difference.
    let (a, b) = sprague_strategic::random::random_bimatrix(200, 200, 9, 3);
    let matrices = serde_json::json!([a, b]).to_string();
    let zero_sum: Vec<Vec<i64>> = a
        .iter()
        .zip(&b)
        .map(|(ra, rb)| ra.iter().zip(rb).map(|(x, y)| x - y).collect())
        .collect();
    let zero_sum = serde_json::json!(zero_sum).to_string();
    for (command, body) in [
        (
            "nash",
            format!(r#"{{"matrices": {matrices}, "method": "lh", "exact_pivoting": true}}"#),
        ),
        (
            "zerosum",
            format!(r#"{{"matrices": {zero_sum}, "exact_pivoting": true}}"#),
        ),
    ] {
        let started = Instant::now();
        let answer = server.post(command, &body);
        assert_eq!(answer.status, 503, "{command}: {}", answer.text());
        assert!(started.elapsed() < Duration::from_secs(3), "{command}");
        // The solver polls its stop flag between pivots: on a loaded machine the last
        // pivot may take a moment, so the worker is asked again for up to two seconds.
        assert_worker_freed(&server, command, Duration::from_secs(2));
    }
}

#[test]
fn a_partizan_search_past_its_budget_is_503_and_frees_its_worker() {
    let server = TestServer::start(ServerConfig {
        time_budget: Duration::from_millis(300),
        workers: 1,
        ..ServerConfig::default()
    });
    // Domineering 5×6 takes seconds even in a release build; the search asks the request's
    // stop flag before each region it solves.
    let started = Instant::now();
    let answer = server.post(
        "analyze",
        r#"{"game": "domineering", "position": ["......|......|......|......|......"]}"#,
    );
    assert_eq!(answer.status, 503, "{}", answer.text());
    assert!(started.elapsed() < Duration::from_secs(5));
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let next = server.post("cgt", r#"{"expression": "{1|-1}"}"#);
        if next.status == 200 {
            assert_eq!(next.json()["canonical_form"], "±1");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the worker was never freed: {}",
            next.text()
        );
    }
}

#[test]
fn a_chomp_or_sos_search_past_its_budget_is_503_and_frees_its_worker() {
    let server = TestServer::start(ServerConfig {
        time_budget: Duration::from_millis(300),
        workers: 1,
        ..ServerConfig::default()
    });
    // Chomp 16×16 searches for seconds even in an optimised build; SOS on a strip of 18
    // likewise. Both searches ask the request's stop flag every 4,096 positions.
    for (game, position) in [("chomp", "16x16"), ("sos", "18")] {
        let started = Instant::now();
        let answer = server.post(
            "analyze",
            &format!(r#"{{"game": "{game}", "position": ["{position}"]}}"#),
        );
        assert_eq!(answer.status, 503, "{game}: {}", answer.text());
        assert!(started.elapsed() < Duration::from_secs(5), "{game}");
        assert_worker_freed(&server, game, Duration::from_secs(2));
    }
}

#[test]
fn a_cgt_sum_past_its_budget_is_503_and_frees_its_worker() {
    let server = TestServer::start(ServerConfig {
        time_budget: Duration::from_millis(300),
        workers: 1,
        ..ServerConfig::default()
    });
    // The sum of forty switches ±1, ±2, …, ±40 takes far longer than the budget: every game
    // the store builds asks the request's stop flag.
    let sum: Vec<String> = (1..=40).map(|i| format!("{{{i}|-{i}}}")).collect();
    let started = Instant::now();
    let answer = server.post(
        "cgt",
        &serde_json::json!({"expression": sum.join("+")}).to_string(),
    );
    assert_eq!(answer.status, 503, "{}", answer.text());
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_worker_freed(&server, "cgt", Duration::from_secs(2));
    // A turn number past the limit is refused, not overflowed.
    let refused = server.post(
        "play",
        r#"{"game": "toads-and-frogs", "position": ["T.F"], "move": "1", "turn": 18446744073709551615}"#,
    );
    assert_eq!(refused.status, 422, "{}", refused.text());
}
