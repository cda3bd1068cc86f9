"""python -m server [--host H] [--port P] [--database URL] [--quiet]: the
leaderboard (make serve).  The database is --database, else DATABASE_URL,
else build/leaderboard.sqlite3 (SQLite); a postgresql:// URL uses
PostgreSQL.  The schema is brought up to date before the first request."""

import argparse
import sys


def main(argv=None):
    from .db import Database, default_url

    parser = argparse.ArgumentParser(prog="python -m server", description=__doc__.split(":")[0])
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--database", default=None,
                        help="a SQLite file or a postgresql:// URL (default: DATABASE_URL, "
                        "else build/leaderboard.sqlite3)")
    parser.add_argument("--quiet", action="store_true", help="no line per request")
    args = parser.parse_args(argv)
    url = args.database or default_url()
    try:
        import uvicorn

        from .web import create_app
    except ImportError as error:
        sys.exit("python -m server: %s (make serve installs requirements-server.txt)" % error)
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
    uvicorn.run(create_app(url), host=args.host, port=args.port,
                log_level="warning" if args.quiet else "info", access_log=not args.quiet)


if __name__ == "__main__":
    main()
