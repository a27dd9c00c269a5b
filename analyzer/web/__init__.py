"""The designer's workbench in the browser: an ASGI app over the same library functions as the command line.

``baccarat serve`` runs :func:`analyzer.web.app.create_app` with uvicorn. The web layer imports the library
(:mod:`analyzer.api` and below) and never the command line; it holds no arithmetic of its own.
"""
