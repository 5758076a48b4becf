"""The benchmarks' servers answer as GitHub Pages does (devkit/server.py `pages_answer`, used by
`PagesHandler` over HTTP/1.1 and by devkit/h2server.py over HTTP/2): what they compress, their
304s, and nothing outside the folder they serve."""

import gzip
import http.client

from devkit.server import PagesHandler, Served, pages_answer


def make_site(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html>page")
    (site / "app.js").write_text("export const a = 1;\n" * 50)
    (site / "lib.zip").write_bytes(b"PK\x03\x04zip")
    (tmp_path / "secret.txt").write_text("outside")
    return site.resolve()


def test_text_is_sent_gzipped_when_the_browser_accepts_it(tmp_path):
    site = make_site(tmp_path)
    status, headers, body = pages_answer(site, "/app.js", "gzip, br", None)
    assert status == 200 and ("content-encoding", "gzip") in headers
    assert gzip.decompress(body) == (site / "app.js").read_bytes()
    status, headers, body = pages_answer(site, "/app.js", "", None)
    assert "content-encoding" not in dict(headers) and body == (site / "app.js").read_bytes()


def test_zips_go_as_they_are_with_their_type(tmp_path):
    status, headers, body = pages_answer(make_site(tmp_path), "/lib.zip", "gzip", None)
    assert status == 200 and dict(headers)["content-type"] == "application/zip" and body == b"PK\x03\x04zip"
    assert "content-encoding" not in dict(headers)


def test_an_unchanged_file_is_a_304_and_the_folder_is_its_index(tmp_path):
    site = make_site(tmp_path)
    status, headers, _ = pages_answer(site, "/", "gzip", None)
    assert status == 200 and dict(headers)["content-type"].startswith("text/html")
    assert pages_answer(site, "/", "gzip", dict(headers)["last-modified"])[0] == 304


def test_nothing_outside_the_folder_is_served(tmp_path):
    site = make_site(tmp_path)
    assert pages_answer(site, "/../secret.txt", "", None)[0] == 404
    assert pages_answer(site, "/missing.js", "", None)[0] == 404


def test_the_http_1_server_sends_those_answers(tmp_path):
    site = make_site(tmp_path)
    with Served(site, handler_class=PagesHandler) as served:
        connection = http.client.HTTPConnection(served.url.split("/")[2], timeout=10)
        connection.request("GET", "/app.js?v=1", headers={"Accept-Encoding": "gzip"})
        response = connection.getresponse()
        body = response.read()
        assert response.status == 200 and response.getheader("Content-Encoding") == "gzip"
        assert response.getheader("Cache-Control") == "no-cache"
        assert gzip.decompress(body) == (site / "app.js").read_bytes()
        connection.request("GET", "/app.js", headers={"If-Modified-Since": response.getheader("Last-Modified") or ""})
        again = connection.getresponse()
        assert again.status == 304 and again.read() == b""
        connection.close()
