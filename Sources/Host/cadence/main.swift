import TimelineHost
print("cadence")
