"""The programs the fuzzers start from: the text of every `.mlir` file below
some folders of the repository, files in name order within each folder."""

import os


def program_sources(root, folders):
    """(path, text) of every `.mlir` file below root/folder, for each folder."""
    for top in folders:
        for directory, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if name.endswith(".mlir"):
                    path = os.path.join(directory, name)
                    with open(path, encoding="utf-8") as f:
                        yield path, f.read()
