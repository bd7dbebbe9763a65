from tortoise import fields
from tortoise.models import Model


class Note(Model):
    id = fields.IntField(primary_key=True)
    text = fields.CharField(max_length=200)
