"""mscompat's own tooling (the porting report); not part of MindSpore's API."""
