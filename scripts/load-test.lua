-- The requests of scripts/load-test.sh: POST bodies of several endpoints of `sprague serve`,
-- taken in turn by each connection. A benchmark, not a test.
local requests = {
  {"/api/analyze", '{"game": "nim", "position": ["3", "4", "5"]}'},
  {"/api/values", '{"game": "kayles", "to": 100}'},
  {"/api/moves", '{"game": "kayles", "position": ["7"]}'},
  {"/api/play", '{"game": "nim", "position": ["3", "4", "5"], "move": "3->1"}'},
  {"/api/nimber", '{"expression": "16 * 16 + 7"}'},
  {"/api/nash", '{"matrices": [[[2, 0], [0, 1]], [[1, 0], [0, 2]]]}'},
  {"/api/zerosum", '{"game": "rock-paper-scissors"}'},
  {"/api/dominance", '{"game": "prisoners-dilemma"}'},
  {"/api/coop/shapley", '{"game": "[51; 40, 30, 20, 10]"}'},
  {"/api/coop/nucleolus", '{"game": "bankruptcy:300:100,200,300"}'},
  {"/api/ipd/match", '{"first": "TitForTat", "second": "Defector", "turns": 50}'},
  {"/api/ipd/tournament", '{"strategies": ["TitForTat", "Grudger", "Defector"], "repetitions": 2, "turns": 50}'},
  {"/api/table", '{"game": "wythoff", "to": 10}'},
  {"/api/games", '{"game": "kayles"}'},
  {"/api/tree/repeated-pd", '{"rounds": 10}'},
  {"/api/survey", '{"patterns": ["0.?"], "budget": 256}'},
}
local headers = {["Content-Type"] = "application/json"}
local counter = 0

function init(args)
  counter = math.random(#requests) - 1
end

function request()
  counter = counter + 1
  local r = requests[(counter % #requests) + 1]
  return wrk.format("POST", r[1], headers, r[2])
end
