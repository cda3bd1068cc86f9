"""python -m server [--host H] [--port P] [--database URL] [--quiet] [limits]: the
leaderboard (make serve).  The database is --database, else DATABASE_URL,
else build/leaderboard.sqlite3 (SQLite); a postgresql:// URL uses
PostgreSQL.  The schema is brought up to date before the first request."""

import argparse
import sys


def main(argv=None):
    from .db import Database, default_url

    try:
        import uvicorn

        from . import guard
        from .web import create_app
    except ImportError as error:
        sys.exit("python -m server: %s (make serve installs requirements-server.txt)" % error)
    parser = argparse.ArgumentParser(prog="python -m server", description=__doc__.split(":")[0])
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--database", default=None,
                        help="a SQLite file or a postgresql:// URL (default: DATABASE_URL, "
                        "else build/leaderboard.sqlite3)")
    parser.add_argument("--quiet", action="store_true", help="no line per request")
    parser.add_argument("--per-address", type=int, default=guard.PER_ADDRESS, metavar="N",
                        help="uploads a minute from one address (default %(default)s; "
                        "0: no limit)")
    parser.add_argument("--per-name", type=int, default=guard.PER_NAME, metavar="N",
                        help="uploads a minute for one player's name (default %(default)s; "
                        "0: no limit)")
    parser.add_argument("--request-seconds", type=float, default=guard.REQUEST_S, metavar="S",
                        help="a request arrives whole within S seconds, else its connection "
                        "is closed (default %(default)s)")
    args = parser.parse_args(argv)
    if args.per_address < 0 or args.per_name < 0 or not args.request_seconds > 0:
        parser.error("the limits are 0 or more, the seconds more than 0")
    url = args.database or default_url()
    db = Database(url)
    try:
        done = db.migrate()
    except Exception as error:  # a wrong URL, a database that does not answer
        sys.exit("python -m server: cannot use the database %s: %s" % (db.describe(), error))
    finally:
        db.close()
    print("leaderboard: %s%s; http://%s:%d/" % (
        db.describe(), " (migrated to %d)" % done[-1] if done else "", args.host, args.port),
        flush=True)
    guard.REQUEST_S = args.request_seconds
    files = guard.raise_file_limit()
    spare = 3 * guard.BACKLOG + 64  # accepted, not yet counted; the database's; the log's
    if files is not None and files < guard.MOST_CONNECTIONS + spare:
        guard.MOST_CONNECTIONS = max(16, files - spare)  # (under what the process may open)
    app = create_app(url, args.per_address, args.per_name)
    config = uvicorn.Config(app, host=args.host, port=args.port, http=guard.GuardedH11,
                            timeout_keep_alive=5, backlog=guard.BACKLOG,
                            log_level="warning" if args.quiet else "info",
                            access_log=not args.quiet)
    server = uvicorn.Server(config)
    config.load()  # (the log's handlers set up): every line through the bound
    guard.bound_the_log()
    server.run()


if __name__ == "__main__":
    main()
