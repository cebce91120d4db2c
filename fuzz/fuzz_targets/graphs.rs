//! Edge lists and digraphs: `graph_input::parse_edge_list` (inline items or file lines,
//! `vertices:` and `ground:` declarations) and `digraph::digraph_from_text` (edge lists
//! and JSON), chosen by the first byte; a small digraph read has its generalized
//! Sprague-Grundy function computed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_engine::loopy::generalized_grundy;
use sprague_games::digraph::digraph_from_text;
use sprague_games::graph_input::parse_edge_list;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let source = (selector & 2 != 0).then_some("graph.txt");
    if selector % 2 == 0 {
        let _ = parse_edge_list(text, source);
    } else if let Ok(graph) = digraph_from_text(text, source) {
        let _ = graph.has_cycle();
        if let Some(name) = graph.names.first() {
            assert_eq!(
                graph.vertex(name).ok(),
                Some(0),
                "the first vertex is found by name"
            );
        }
        if graph.names.len() <= 1_000 {
            let gamma = generalized_grundy(&graph.followers);
            assert_eq!(
                gamma.values.len(),
                graph.names.len(),
                "one value per vertex"
            );
        }
    }
});
