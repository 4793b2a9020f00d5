"""The sweep's statistics: they live in the standard-library-only `runtime.stats`, which `paleo sim` uses too."""

from runtime.stats import (Z95, kendall_tau_b, mcnemar_exact, outcome_summary, paired, share, spread, tau_interval,
                           wilson, won)

__all__ = ["Z95", "kendall_tau_b", "mcnemar_exact", "outcome_summary", "paired", "share", "spread", "tau_interval",
           "wilson", "won"]
