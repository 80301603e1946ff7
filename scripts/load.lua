-- wrk script for scripts/load: a mixed workload over pre-generated request
-- bodies, and a JSON summary written at the end.
--
-- scripts/load writes one file per request into $LOAD_BODIES, named
-- "<weight>_<route>_<name>.json" with the request line in "<same>.target"
-- (e.g. "/v1/compile?output=style"). Every thread cycles through a fixed,
-- weighted list of them, so the mix is deterministic: a request whose weight
-- is 2 is sent twice as often as one whose weight is 1.
-- The summary (requests, errors, latency percentiles in microseconds) goes to
-- $LOAD_RESULT as one JSON object.

local requests = {}
local next_index = 1

local function read_file(path)
  local f = assert(io.open(path, "rb"))
  local data = f:read("*a")
  f:close()
  return data
end

local function trim(s)
  return (s:gsub("^%s+", ""):gsub("%s+$", ""))
end

function init(args)
  local dir = os.getenv("LOAD_BODIES")
  local listing = assert(io.open(dir .. "/index.txt", "r"))
  for line in listing:lines() do
    -- index.txt: "<weight> <file> <target>" per line, in a fixed order.
    local weight, file, target = line:match("^(%d+) (%S+) (%S+)$")
    if weight then
      local body = read_file(dir .. "/" .. file)
      local request = wrk.format("POST", target, { ["Content-Type"] = "application/json" }, body)
      for _ = 1, tonumber(weight) do
        table.insert(requests, request)
      end
    end
  end
  listing:close()
  assert(#requests > 0, "no request bodies in " .. dir)
  -- Threads start at different points of the cycle so they do not send the
  -- same heavy request at the same moment.
  -- (`start_offset` is set per thread by setup() below.)
  next_index = ((start_offset or 0) % #requests) + 1
end

function setup(thread)
  thread_count = (thread_count or 0) + 1
  thread:set("start_offset", thread_count * 7)
end

function request()
  local r = requests[next_index]
  next_index = next_index % #requests + 1
  return r
end

function done(summary, latency, requests_)
  local e = summary.errors
  local out = string.format(
    '{"requests":%d,"duration_us":%d,"bytes":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d},' ..
    '"latency_us":{"p50":%d,"p90":%d,"p99":%d,"p999":%d,"max":%d,"mean":%.1f}}',
    summary.requests, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.timeout, e.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency:percentile(99.9), latency.max, latency.mean)
  local path = os.getenv("LOAD_RESULT")
  local f = assert(io.open(path, "w"))
  f:write(trim(out), "\n")
  f:close()
end
