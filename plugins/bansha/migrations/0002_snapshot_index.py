from tortoise import migrations
from tortoise.indexes import Index
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [('bansha', '0001_initial')]

    initial = False

    operations = [
        ops.AddIndex(
            model_name='SnapshotRow',
            index=Index(fields=['game_id', 'seq']),
        ),
    ]
