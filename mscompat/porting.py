"""``mscompat.porting``: which MindSpore names a script uses, and which mscompat provides.

``python -m mscompat --report script.py`` (or a directory, or a notebook) prints the same.

Example:
    >>> from mscompat.porting import porting_report
    >>> print(porting_report("a.py", source="import mindspore\\nmindspore.ops.relu(x)\\n"))
    Porting report for a.py: 2 MindSpore names, 2 provided, 0 partial, 0 missing
    <BLANKLINE>
    status    uses  name                first use / note
    provided     1  mindspore           a.py:1
    provided     1  mindspore.ops.relu  a.py:2
"""
from ._tools.porting_report import NameUse as NameUse
from ._tools.porting_report import PortingReport as PortingReport
from ._tools.porting_report import porting_report as porting_report
from ._tools.porting_report import provided as provided

__all__ = ["NameUse", "PortingReport", "porting_report", "provided"]
