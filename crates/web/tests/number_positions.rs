//! Positions given as JSON numbers (issue 28): `[3, 4, 5]` is read as `["3", "4", "5"]` by
//! `analyze`, `moves` and `play` (and a numeric `move` as its decimal word); fractions,
//! booleans, `null`, lists and objects are refused with one sentence naming the field.

mod common;

use common::{client_error, TestServer};
use serde_json::{json, Value};

/// The answer to `body` with its position (and move) spelt as numbers equals the answer to
/// the same body spelt as strings.
fn same_answer(server: &TestServer, command: &str, numbers: Value, words: Value) {
    let by_numbers = server.ok(command, &numbers.to_string());
    let by_words = server.ok(command, &words.to_string());
    assert_eq!(by_numbers, by_words, "{command}: {numbers} and {words}");
}

#[test]
fn whole_numbers_are_read_as_their_decimal_words() {
    let server = TestServer::default();
    same_answer(
        &server,
        "analyze",
        json!({"game": "nim", "position": [3, 4, 5]}),
        json!({"game": "nim", "position": ["3", "4", "5"]}),
    );
    // The answer itself: the winning move of 3 4 5 takes 2 from the heap of 3.
    let analysis = server.ok("analyze", r#"{"game": "nim", "position": [3, 4, 5]}"#);
    assert_eq!(analysis["grundy"], 2);
    assert_eq!(analysis["winning_moves"][0]["to"], "1 4 5");
    same_answer(
        &server,
        "moves",
        json!({"game": "kayles", "position": [7]}),
        json!({"game": "kayles", "position": ["7"]}),
    );
    // Numbers and words mixed, and a large heap of an octal game.
    same_answer(
        &server,
        "analyze",
        json!({"game": "kayles", "position": [1000000, "12", 0]}),
        json!({"game": "kayles", "position": ["1000000", "12", "0"]}),
    );
    same_answer(
        &server,
        "play",
        json!({"game": "nim", "position": [3, 4, 5], "move": "3->1"}),
        json!({"game": "nim", "position": ["3", "4", "5"], "move": "3->1"}),
    );
    // A move that is a number in its game's notation (Fibonacci Nim: the number taken).
    same_answer(
        &server,
        "play",
        json!({"game": "fibonacci", "position": [10], "move": 2}),
        json!({"game": "fibonacci", "position": ["10"], "move": "2"}),
    );
    // No move is still no move.
    same_answer(
        &server,
        "play",
        json!({"game": "nim", "position": [3, 4, 5], "move": null, "first": "computer"}),
        json!({"game": "nim", "position": ["3", "4", "5"], "first": "computer"}),
    );
}

#[test]
fn a_negative_number_is_a_word_the_game_refuses() {
    let server = TestServer::default();
    let answer = server.post("analyze", r#"{"game": "nim", "position": [3, -4]}"#);
    assert_eq!(answer.status, 422);
    let sentence = client_error(&answer, "a negative heap");
    assert!(sentence.contains("-4"), "{sentence}");
}

#[test]
fn other_json_values_are_refused_naming_the_field() {
    let server = TestServer::default();
    for (command, body, named, shown) in [
        (
            "analyze",
            r#"{"game": "nim", "position": [3, 4.5]}"#,
            "position[1]",
            "4.5",
        ),
        (
            "analyze",
            r#"{"game": "nim", "position": [3.0]}"#,
            "position[0]",
            "3.0",
        ),
        (
            "moves",
            r#"{"game": "nim", "position": [true]}"#,
            "position[0]",
            "true",
        ),
        (
            "moves",
            r#"{"game": "nim", "position": [3, null]}"#,
            "position[1]",
            "null",
        ),
        (
            "analyze",
            r#"{"game": "nim", "position": [{"heap": 3}]}"#,
            "position[0]",
            "an object",
        ),
        (
            "play",
            r#"{"game": "nim", "position": [3, [4]]}"#,
            "position[1]",
            "a list",
        ),
        (
            "play",
            r#"{"game": "nim", "position": [3], "move": 1.5}"#,
            "move",
            "1.5",
        ),
        (
            "play",
            r#"{"game": "nim", "position": [3], "move": false}"#,
            "move",
            "false",
        ),
        // Beyond u64 serde_json reads a number as a float: refused, not rounded.
        (
            "analyze",
            r#"{"game": "nim", "position": [18446744073709551616]}"#,
            "position[0]",
            "1.8446744073709552e19",
        ),
    ] {
        let answer = server.post(command, body);
        assert_eq!(answer.status, 422, "{body}: {}", answer.text());
        let sentence = client_error(&answer, body);
        assert!(
            sentence.contains(&format!("{named} must be a word")) && sentence.contains(shown),
            "{body}: {sentence}"
        );
    }
    // A position that is not a list at all is still refused.
    for body in [
        r#"{"game": "nim", "position": "3 4 5"}"#,
        r#"{"game": "nim", "position": 3}"#,
    ] {
        let answer = server.post("analyze", body);
        assert_eq!(answer.status, 422, "{body}: {}", answer.text());
        let sentence = client_error(&answer, body);
        assert!(
            sentence.contains("position as a list"),
            "{body}: {sentence}"
        );
    }
    // Deep nesting inside the list is refused at its first element, before the depth.
    let deep = format!(
        r#"{{"game": "nim", "position": [{}{}]}}"#,
        "[".repeat(5_000),
        "]".repeat(5_000)
    );
    let answer = server.post("analyze", &deep);
    assert_eq!(answer.status, 422, "{}", answer.text());
    // And the server keeps serving.
    server.ok("analyze", r#"{"game": "nim", "position": [1, 2, 3]}"#);
}

#[test]
fn the_openapi_document_says_positions_take_integers() {
    let server = TestServer::default();
    let document = server.get("/api/openapi.json").json();
    for command in ["analyze", "moves", "play"] {
        let schema = &document["paths"][format!("/api/{command}")]["post"]["requestBody"]
            ["content"]["application/json"]["schema"]["properties"]["position"];
        assert_eq!(
            schema["items"]["type"],
            json!(["string", "integer"]),
            "{command}: {schema}"
        );
    }
}
