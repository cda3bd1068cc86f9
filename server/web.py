"""The leaderboard's web side (Starlette, served by uvicorn):

  POST /results                  a result file as the body (the board's
                                 result*.sav, X-FreeCell-Key on a name's
                                 first upload): 201 accepted, 409 already
                                 there, 400/413 refused, 429 too many from
                                 this address or name (Retry-After), 503 a
                                 fault of the server's (try again later);
                                 JSON, one line
  GET  /                         today's FreeCell page
  GET  /day/YYYY-MM-DD/GAME      a day's leaderboard for a game (HTML), a
                                 page of PAGE rows (?page=N)
  GET  /api/day/YYYY-MM-DD/GAME  the same as JSON
  GET  /health                   "ok" once the database answers
Every answer is made inside guard.fault()'s net: a server fault (a full
disk, the database gone) is a 503 and one log line, never a traceback a
request (server/guard.py: the connections' deadline, the limits, the log's
bound).

Starlette because it is small, typed, maintained and ASGI (uvicorn serves
it; its TestClient and any HTTP client test it), and it leaves the SQL to
us: two plain drivers (sqlite3, psycopg) with one schema.  The checks and
the database work are blocking: they run in Starlette's thread pool.
"""

import datetime
import html
import json
from urllib.parse import quote
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect
from starlette.responses import (HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse,
                                 Response)
from starlette.routing import Route

from . import board, replays
from .db import Database
from .guard import PER_ADDRESS, PER_NAME, Limits, fault
from .uploads import MOST_BYTES, accept, today as today_number, too_large

from freecell.results import KEY_HEADER, name_problem
from freecell.variants import VARIANTS, by_name


def create_app(url, per_address=PER_ADDRESS, per_name=PER_NAME):
    """The app over the database at `url`; uploads a minute allowed per
    client address and per player name (0: no limit)."""
    db = Database(url)
    address_limit, name_limit = Limits(per_address), Limits(per_name)

    @asynccontextmanager
    async def lifespan(app):
        await run_in_threadpool(db.migrate)
        yield

    async def upload(request):
        wait = address_limit.allow(request.client.host if request.client else "?")
        if wait is not True:
            return too_many(wait, "this address")
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MOST_BYTES):
            return answer(*too_large())
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > MOST_BYTES:
                return answer(*too_large())
        return answer(*await run_in_threadpool(accept, db, bytes(data),
                                                request.headers.get(KEY_HEADER), None,
                                                name_limit.allow))

    def found(request):
        date = board.parse_date(request.path_params["date"])
        rules = by_name(request.path_params["game"])
        if date is None:
            return None, "no such day: give a date as YYYY-MM-DD, 2000 to 2099"
        if rules is None:
            return None, "no such game: one of " + ", ".join(v.name for v in VARIANTS)
        number = request.query_params.get("page", "1")
        if not number.isdigit() or not 1 <= int(number) <= 100000:
            return None, "no such page: ?page=1, 2, ..."
        return (date, rules, int(number)), None

    async def day_json(request):
        what, problem = found(request)
        if problem:
            return JSONResponse({"status": "not found", "reason": problem}, status_code=404)
        return JSONResponse(await run_in_threadpool(board.day, db, *what))

    async def day_page(request):
        what, problem = found(request)
        if problem:
            return HTMLResponse(page("Not found", "<p>%s</p>" % html.escape(problem)),
                                status_code=404)
        return HTMLResponse(render(await run_in_threadpool(board.day, db, *what)))

    def player_found(request):
        name = request.path_params["name"]
        number = request.query_params.get("page", "1")
        if name_problem(name.encode("utf-8", "replace")) is not None or not number.isdigit() \
                or not 1 <= int(number) <= 100000:
            return None
        now = datetime.datetime.now(datetime.timezone.utc).date()
        return board.player(db, name, now, int(number))

    async def player_json(request):
        found = await run_in_threadpool(player_found, request)
        if found is None:
            return JSONResponse({"status": "not found", "reason": "no such player"},
                                status_code=404)
        return JSONResponse(found)

    async def player_page(request):
        found = await run_in_threadpool(player_found, request)
        if found is None:
            return HTMLResponse(page("Not found", "<p>No such player.</p>"), status_code=404)
        return HTMLResponse(render_player(found))

    def replay_found(request):
        number = request.path_params["id"]
        if not number.isdigit() or len(number) > 12:
            return 404, {"status": "not found", "reason": "no such result"}
        return replays.replay(db, int(number), today_number())

    async def replay_json(request):
        status, found = await run_in_threadpool(replay_found, request)
        return JSONResponse(found, status_code=status)

    async def replay_page(request):
        status, found = await run_in_threadpool(replay_found, request)
        if status != 200:
            return HTMLResponse(page("Not shown", "<p id=\"hidden\">%s.</p>"
                                     % html.escape(found["reason"].capitalize())),
                                status_code=status)
        return HTMLResponse(render_replay(found))

    async def today(request):
        date = datetime.datetime.now(datetime.timezone.utc).date()
        return RedirectResponse("/day/%s/freecell" % date.isoformat())

    async def health(request):
        await run_in_threadpool(db.ping)
        return PlainTextResponse("ok\n")

    routes = [Route("/results", guarded(upload), methods=["POST"]), Route("/", today),
              Route("/day/{date}/{game}", guarded(day_page)),
              Route("/api/day/{date}/{game}", guarded(day_json)),
              Route("/player/{name}", guarded(player_page)),
              Route("/replay/{id}", guarded(replay_page)),
              Route("/api/replay/{id}", guarded(replay_json)),
              Route("/api/player/{name}", guarded(player_json)), Route("/health", guarded(health))]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.db = db
    return app


# the replay page's script: the positions are the page's JSON (#frames);
# ?step=N opens at the position after N actions
REPLAY_SCRIPT = """
const data = JSON.parse(document.getElementById('frames').textContent);
let at = Math.min(Math.max(parseInt(new URLSearchParams(location.search).get('step')) || 0, 0),
                  data.frames.length - 1);
let timer = null;
function card(text) {
  const red = text.endsWith('H') || text.endsWith('D');
  return '<span class="card' + (red ? ' red' : '') + '">' + (text === '-' ? '&nbsp;&nbsp;' : text)
    + '</span>';
}
function draw() {
  const f = data.frames[at];
  document.getElementById('found').textContent = f.found;
  document.getElementById('cells').innerHTML = f.cells.map(card).join(' ');
  document.getElementById('columns').innerHTML = f.columns.map(
    c => '<div class="column">' + c.map(card).join('<br>') + '</div>').join('');
  document.getElementById('step').textContent = at + ' / ' + (data.frames.length - 1);
  document.getElementById('action').textContent = data.actions[at] || 'the deal';
}
function go(n) { at = Math.min(Math.max(n, 0), data.frames.length - 1); draw(); }
function play() {
  if (timer) { clearInterval(timer); timer = null; return; }
  timer = setInterval(() => { if (at >= data.frames.length - 1) play(); else go(at + 1); }, 500);
}
document.getElementById('back').onclick = () => go(at - 1);
document.getElementById('forward').onclick = () => go(at + 1);
document.getElementById('play').onclick = play;
document.onkeydown = e => {
  if (e.key === 'ArrowLeft') go(at - 1);
  if (e.key === 'ArrowRight') go(at + 1);
};
draw();
"""


def render_replay(found):
    """The replay page: the table at each position, back, forward, play."""
    e = html.escape
    title = "%s's %s daily %s, #%d" % (found["name"], found["title"], found["date"],
                                        found["deal"])
    frames = json.dumps({"frames": found["frames"], "actions": found["actions"]})
    body = ("<h1>%s</h1><p id=\"line\">%s</p><p><a href=\"/day/%s/%s\">the day's page</a></p>"
            "<p><button id=\"back\">&larr; back</button> <button id=\"play\">play</button> "
            "<button id=\"forward\">forward &rarr;</button> <span id=\"step\"></span> "
            "<span id=\"action\"></span></p><p id=\"found\"></p><p id=\"cells\"></p>"
            "<div id=\"columns\"></div>"
            "<script type=\"application/json\" id=\"frames\">%s</script><script>%s</script>"
            % (e(title), e(found["line"]), e(found["date"]), e(found["game"]),
               frames.replace("<", "\\u003c"), REPLAY_SCRIPT))
    return page(title, body)


def player_link(row):
    """A name on a day's page, linked to the player's page (a name no board
    can set, written into the database by hand, stays plain text)."""
    name = html.escape(row["name"])
    if name_problem(row["name"].encode("utf-8", "replace")) is not None:
        return name
    return "<a href=\"/player/%s\">%s</a>" % (quote(row["name"]), name)


def render_player(found):
    """A player's page: their daily results, wins and current streak."""
    e = html.escape
    title = "%s's daily deals" % found["name"]
    out = ["<h1>%s</h1>" % e(title),
           "<p id=\"totals\">%d played, %d won; current streak: %d day%s won in a row</p>"
           % (found["played"], found["won"], found["streak"], "" if found["streak"] == 1 else "s")]
    if found["dailies"]:
        out.append("<table id=\"dailies\"><tr><th>Day</th><th>Game</th><th>Deal</th>"
                   "<th>Result</th><th>Home</th><th>Moves</th><th>Undos</th></tr>")
        for d in found["dailies"]:
            out.append("<tr><td><a href=\"/day/%s/%s\">%s</a></td><td>%s</td><td>#%d</td>"
                       "<td>%s</td><td>%d/52</td><td>%d</td><td>%d</td></tr>" % (
                           e(d["date"]), e(d["game"]), e(d["date"]), e(d["title"]), d["deal"],
                           "won" if d["won"] else "lost", d["home"], d["moves"], d["undos"]))
        out.append("</table>")
    if found["pages"] > 1:
        link = "<a href=\"/player/%s?page=%d\">%s</a>"
        out.append("<p>Page %d of %d %s %s</p>" % (
            found["page"], found["pages"],
            link % (quote(found["name"]), found["page"] - 1, "&larr; newer")
            if found["page"] > 1 else "",
            link % (quote(found["name"]), found["page"] + 1, "older &rarr;")
            if found["page"] < found["pages"] else ""))
    return page(title, "\n".join(out))


def answer(status, body):
    headers = {"Retry-After": str(body.pop("retry_after"))} if "retry_after" in body else None
    return JSONResponse(body, status_code=status, headers=headers)


def too_many(wait, who):
    return JSONResponse({"status": "too many", "reason": "too many uploads from %s: try again "
                         "in %d s" % (who, wait)}, status_code=429,
                        headers={"Retry-After": str(wait)})


def guarded(endpoint):
    """The endpoint, a server fault (a full disk, the database gone) a 503
    with the JSON line and one log line (guard.fault)."""
    async def run(request):
        try:
            return await endpoint(request)
        except ClientDisconnect:  # gone before its request was whole (the deadline): no fault
            return Response(status_code=400)
        except Exception as error:  # noqa: BLE001 - every fault: one line, never a traceback
            return answer(*fault(error))
    return run


def page(title, body):
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width\">"
            "<title>%s</title><style>body{font-family:sans-serif;margin:2em}"
            "table{border-collapse:collapse}td,th{padding:.2em .8em;text-align:left}"
            "tr:nth-child(even){background:#eee}.share{font-family:monospace}"
            ".column{display:inline-block;vertical-align:top;margin-right:.6em;line-height:1.5}"
            ".card{font-family:monospace;border:1px solid #999;padding:0 .2em}.red{color:#c00}"
            "</style>"
            "</head><body>%s</body></html>\n" % (html.escape(title), body))


def render(day):
    """A day's leaderboard as HTML: every value from an upload escaped."""
    e = html.escape
    title = "%s daily %s" % (day["title"], day["date"])
    out = ["<h1>%s</h1>" % e(title),
           "<p>Deal #%d, %d free cells. <a id=\"yesterday\" href=\"/day/%s/%s\">&larr; %s</a> "
           "<a id=\"tomorrow\" href=\"/day/%s/%s\">%s &rarr;</a> <a href=\"/api/day/%s/%s\">"
           "JSON</a></p>" % (day["deal"], day["cells"], e(day["yesterday"]), e(day["game"]),
                             e(day["yesterday"]), e(day["tomorrow"]), e(day["game"]),
                             e(day["tomorrow"]), e(day["date"]), e(day["game"]))]
    out.append("<p>" + " ".join("<a href=\"/day/%s/%s\">%s</a>" % (e(day["date"]), e(g), e(w))
                                for g, w in zip(day["games"], day["game_words"])) + "</p>")
    over = board.day_of(*map(int, day["date"].split("-"))) < today_number()
    if day["ranked"]:
        out.append("<table id=\"leaderboard\"><tr><th>Rank</th><th>Name</th><th>Home</th>"
                   "<th>Moves</th><th>Undos</th><th>Time or score</th><th>Share</th>"
                   "<th>Replay</th></tr>")
        for r in day["ranked"]:
            out.append("<tr><td class=\"rank\">%s</td><td class=\"name\">%s</td><td>%d/52"
                       "</td><td>%d</td><td>%d</td><td>%s</td><td class=\"share\">%s</td>"
                       "<td>%s</td></tr>"
                       % ("%d=" % r["rank"] if r["tied"] else "%d" % r["rank"], player_link(r),
                          r["home"], r["moves"], r["undos"], e(r["figure"]), e(r["share"]),
                          "<a href=\"/replay/%d\">watch</a>" % r["id"] if over
                          else "after the day"))
        out.append("</table>")
    else:
        out.append("<p id=\"empty\">No first attempt at this deal has been uploaded yet.</p>")
    if day["pages"] > 1:  # a page of each list at a time
        link = "<a id=\"%s\" href=\"/day/%s/%s?page=%d\">%s</a>"
        out.append("<p>Page %d of %d (%d ranked, %d others) %s %s</p>" % (
            day["page"], day["pages"], day["ranked_count"], day["others_count"],
            link % ("previous", e(day["date"]), e(day["game"]), day["page"] - 1, "&larr; previous")
            if day["page"] > 1 else "",
            link % ("next", e(day["date"]), e(day["game"]), day["page"] + 1, "next &rarr;")
            if day["page"] < day["pages"] else ""))
    if day["others"]:
        out.append("<h2>Also played that day (not ranked)</h2><table id=\"others\"><tr>"
                   "<th>Name</th><th>Deal</th><th>Home</th><th>Moves</th><th>Undos</th>"
                   "<th>Why not ranked</th></tr>")
        for r in day["others"]:
            out.append("<tr><td class=\"name\">%s</td><td>#%d</td><td>%d/52</td><td>%d</td>"
                       "<td>%d</td><td>%s</td></tr>" % (e(r["name"]), r["deal"], r["home"],
                                                        r["moves"], r["undos"], e(r["kind"])))
        out.append("</table>")
    return page(title, "\n".join(out))
