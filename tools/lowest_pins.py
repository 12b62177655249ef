#!/usr/bin/env python3
"""Print pip constraints pinning every dependency (runtime and extras) of pyproject.toml to
its lower bound: ``tools/test_oldest.sh`` installs with them to test the oldest versions the
package claims to support."""
import pathlib
import re
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def lowest_pins() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        specs += [s for s in extra if not s.startswith("mscompat")]
    pins = {}
    for spec in specs:
        m = re.match(r"^([A-Za-z0-9_.\-]+)\s*(?:\[[^\]]*\])?\s*.*?>=\s*([^,;\s]+)", spec)
        if m:
            pins[m.group(1).lower()] = m.group(2)
    return [f"{name}=={version}" for name, version in sorted(pins.items())]


if __name__ == "__main__":
    print("\n".join(lowest_pins()))
