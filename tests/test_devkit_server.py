"""The benchmarks' HTTP/2 server answers as GitHub Pages does (devkit/h2server.py): what it
compresses, its 304s, and nothing outside the folder it serves."""

import gzip

from devkit.h2server import answer


def make_site(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html>page")
    (tmp_path / "app.js").write_text("export const a = 1;\n" * 50)
    (tmp_path / "lib.zip").write_bytes(b"PK\x03\x04zip")
    (tmp_path.parent / "secret.txt").write_text("outside")
    return tmp_path


def test_text_is_sent_gzipped_when_the_browser_accepts_it(tmp_path):
    site = make_site(tmp_path)
    status, headers, body = answer(site.resolve(), "/app.js", "gzip, br", None)
    assert status == 200 and ("content-encoding", "gzip") in headers
    assert gzip.decompress(body) == (site / "app.js").read_bytes()
    status, headers, body = answer(site.resolve(), "/app.js", "", None)
    assert "content-encoding" not in dict(headers) and body == (site / "app.js").read_bytes()


def test_zips_go_as_they_are_with_their_type(tmp_path):
    status, headers, body = answer(make_site(tmp_path).resolve(), "/lib.zip", "gzip", None)
    assert status == 200 and dict(headers)["content-type"] == "application/zip" and body == b"PK\x03\x04zip"
    assert "content-encoding" not in dict(headers)


def test_an_unchanged_file_is_a_304_and_the_folder_is_its_index(tmp_path):
    site = make_site(tmp_path).resolve()
    status, headers, _ = answer(site, "/", "gzip", None)
    assert status == 200 and dict(headers)["content-type"].startswith("text/html")
    assert answer(site, "/", "gzip", dict(headers)["last-modified"])[0] == 304


def test_nothing_outside_the_folder_is_served(tmp_path):
    site = make_site(tmp_path).resolve()
    assert answer(site, "/../secret.txt", "", None)[0] == 404
    assert answer(site, "/%2e%2e/secret.txt", "", None)[0] == 404
    assert answer(site, "/missing.js", "", None)[0] == 404
