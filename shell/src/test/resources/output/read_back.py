"""Reads what `runnel --output-format FORMAT` printed with Python's standard readers.

Usage: read_back.py csv|tsv|json FILE

Prints, as one JSON document, what the reader got: for csv and tsv a list of rows (the header
first), each a list of fields (strings; None for tsv's \\N); for json a list of objects. Decimals
are read exactly (decimal.Decimal) and printed as strings; DATE, TIMESTAMP and TIMESTAMP_LTZ values
of the columns named day, ts and ts_ltz are parsed with datetime's ISO-8601 readers and printed
again in ISO form, to prove that they parse.
"""
import csv
import datetime
import decimal
import json
import sys

TEMPORAL = {"day", "ts", "ts_ltz"}


def temporal(name, value):
    if value is None or value == "" or name not in TEMPORAL:
        return value
    if name == "day":
        return datetime.date.fromisoformat(value).isoformat()
    # Python before 3.11 does not read a "Z" suffix.
    parsed = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
    return parsed.isoformat(timespec="milliseconds")


def tsv_field(text):
    """PostgreSQL's text format: \\N is NULL, backslash escapes \\t \\n \\r \\\\."""
    if text == "\\N":
        return None
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            out.append({"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}.get(text[i + 1], text[i + 1]))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def with_temporal(header, rows):
    return [header] + [[temporal(name, value) for name, value in zip(header, row)] for row in rows]


def main(format_name, path):
    with open(path, encoding="utf-8", newline="") as f:
        if format_name == "csv":
            rows = list(csv.reader(f))
            result = with_temporal(rows[0], rows[1:])
        elif format_name == "tsv":
            lines = f.read().split("\n")
            assert lines[-1] == "", "the output ends with a line feed"
            rows = [[tsv_field(field) for field in line.split("\t")] for line in lines[:-1]]
            result = with_temporal(rows[0], rows[1:])
        else:
            result = []
            for line in f.read().split("\n")[:-1]:
                obj = json.loads(line, parse_float=decimal.Decimal)
                result.append({k: temporal(k, v) for k, v in obj.items()})
    json.dump(result, sys.stdout, ensure_ascii=False, default=str)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
